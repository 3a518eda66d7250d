/**
 * Fault injection so clients can be tested against an unreliable broker. Probabilities are
 * drawn from a seeded generator so a failing test replays the same faults.
 */
import { seededRandom } from './seeded-history.ts';

export interface Faults {
  /** Added delay before every answer, in ms. */
  latencyMs: number;
  /** Probability of an HTTP 503 before the request is handled. */
  serverErrorRate: number;
  /** Probability of an HTTP 200 {s:'error'} before the request is handled. */
  brokerErrorRate: number;
  /**
   * Probability that the request is handled but never answered (the client's timeout fires).
   * Handled first on purpose: a timed-out order placement may still have reached the market.
   */
  hangRate: number;
  /** Treat every access token as expired (401), as after a broker-side session reset. */
  expireAccessTokens: boolean;
  /** Refresh always fails (401), as when the broker revoked the refresh token. */
  failRefresh: boolean;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  serverErrorRate: 0,
  brokerErrorRate: 0,
  hangRate: 0,
  expireAccessTokens: false,
  failRefresh: false,
};

export type FaultDraw = 'none' | 'server_error' | 'broker_error' | 'hang';

export function createFaultDice(seed = 42): (faults: Faults) => FaultDraw {
  const random = seededRandom(seed);
  return (faults) => {
    const roll = random();
    if (roll < faults.serverErrorRate) return 'server_error';
    if (roll < faults.serverErrorRate + faults.brokerErrorRate) return 'broker_error';
    if (roll < faults.serverErrorRate + faults.brokerErrorRate + faults.hangRate) return 'hang';
    return 'none';
  };
}

/** Applies a partial update (from code or POST /__sim/faults), ignoring unknown keys. */
export function updateFaults(faults: Faults, patch: Record<string, unknown>): Faults {
  for (const key of Object.keys(NO_FAULTS) as Array<keyof Faults>) {
    const value = patch[key];
    if (value === undefined) continue;
    if (typeof NO_FAULTS[key] === 'boolean') (faults[key] as boolean) = Boolean(value);
    else if (Number.isFinite(Number(value))) (faults[key] as number) = Number(value);
  }
  return faults;
}
