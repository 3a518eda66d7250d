import { API_PREFIX } from '@th/broker-sim';
import type { Config } from '../../config.ts';

export type BrokerEnvironment = 'live' | 'demo';

export const TRADELOCKER_DEMO_URL = 'https://demo.tradelocker.com/backend-api';
export const TRADELOCKER_LIVE_URL = 'https://live.tradelocker.com/backend-api';

/** The in-process simulator of `npm start`, on loopback only. */
export function simulatorUrl(config: Config): string {
  return `http://127.0.0.1:${config.BROKER_SIM_PORT}${API_PREFIX}`;
}

/**
 * The TradeLocker host for an environment. An explicit BROKER_DEMO_URL / BROKER_LIVE_URL
 * wins (tests point these at a simulator on port 0); else the embedded simulator when
 * BROKER_SIM is on; else the real hosts.
 */
export function brokerBaseUrl(config: Config, environment: BrokerEnvironment): string {
  const configured = environment === 'live' ? config.BROKER_LIVE_URL : config.BROKER_DEMO_URL;
  if (configured) return configured;
  if (config.BROKER_SIM) return simulatorUrl(config);
  return environment === 'live' ? TRADELOCKER_LIVE_URL : TRADELOCKER_DEMO_URL;
}
