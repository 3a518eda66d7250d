/**
 * The Risk Manager's position size calculator: how many lots to trade so that a stop-out loses
 * no more than the risk asked, and where 1R, 2R and 3R lie. Pure, so the page answers on every
 * keystroke without a call and the server can size the same way.
 *
 * Worked on scaled integers (prices to 10^-6, cents, lot steps) rather than floats: a float
 * quotient such as 0.3 / 0.1 = 2.9999… would drop a whole step, and one rounded up would risk
 * more than the member asked.
 */
import { PRICE_DECIMALS, scaledInteger } from './money.ts';

export type RiskMode = 'percent' | 'money';

export interface PositionSizeInput {
  /** Account balance in account money. */
  balance: number;
  riskMode: RiskMode;
  /** Percent of the balance (1 = 1 %) or an amount of money, by riskMode. */
  risk: number;
  entry: number;
  stop: number;
  /** Money per 1.0 price move per lot. */
  valuePerPoint: number;
  lotStep: number;
}

export interface RTarget {
  r: 1 | 2 | 3;
  /** Null when a short's target would fall to zero or below: no price can get there. */
  price: number | null;
}

export interface PositionSize {
  side: 'long' | 'short';
  /** Price distance from entry to stop. */
  stopDistance: number;
  /** The risk asked, in cents (a percent of the balance rounded down to the cent). */
  riskAskedCents: number;
  /** Lots, a multiple of the lot step, rounded down; 0 when one step already risks too much. */
  lots: number;
  /** What a stop-out of `lots` loses, in cents: never more than riskAskedCents. */
  riskCents: number;
  /** What a stop-out of one lot step loses, in cents (rounded up: the member is told the worst). */
  oneStepRiskCents: number;
  targets: RTarget[];
}

/** Lot steps and values per point are scaled by 10^4 (0.01-lot steps, fractional contracts). */
const UNIT_DIGITS = 4;
const PERCENT_DIGITS = 4;

/** The decimals a price was typed with (21350.25 → 2), at most the product's price step. */
function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return PRICE_DECIMALS;
  return Math.min(text.split('.')[1]?.length ?? 0, PRICE_DECIMALS);
}

function divideRoundingUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Throws RangeError on input no form should let through (the contract schema words it for members). */
function check(input: PositionSizeInput): void {
  const positive = ['balance', 'risk', 'entry', 'stop', 'valuePerPoint', 'lotStep'] as const;
  for (const key of positive) {
    if (!Number.isFinite(input[key]) || input[key] <= 0) throw new RangeError(`${key} must be a positive number`);
  }
  if (scaledInteger(input.entry, PRICE_DECIMALS) === scaledInteger(input.stop, PRICE_DECIMALS))
    throw new RangeError('the stop must differ from the entry');
}

export function positionSize(input: PositionSizeInput): PositionSize {
  check(input);
  const entry = BigInt(scaledInteger(input.entry, PRICE_DECIMALS));
  const stop = BigInt(scaledInteger(input.stop, PRICE_DECIMALS));
  const side = entry > stop ? 'long' : 'short';
  const distance = side === 'long' ? entry - stop : stop - entry;

  const balanceCents = BigInt(scaledInteger(input.balance, 2));
  const riskAskedCents =
    input.riskMode === 'money'
      ? BigInt(scaledInteger(input.risk, 2))
      : (balanceCents * BigInt(scaledInteger(input.risk, PERCENT_DIGITS))) / 10n ** BigInt(PERCENT_DIGITS + 2);

  // One lot step's stop-out loss, in units of 10^-(price + 2 × unit) money; the risk asked in the same units.
  const value = BigInt(scaledInteger(input.valuePerPoint, UNIT_DIGITS));
  const step = BigInt(scaledInteger(input.lotStep, UNIT_DIGITS));
  const stepLoss = distance * value * step;
  const scale = 10n ** BigInt(PRICE_DECIMALS + 2 * UNIT_DIGITS);
  const centsScale = scale / 100n;
  const steps = stepLoss === 0n ? 0n : (riskAskedCents * centsScale) / stepLoss;

  const lotDecimals = decimalsOf(input.lotStep);
  const lots = Number((Number(steps * step) / 10 ** UNIT_DIGITS).toFixed(lotDecimals));
  // Exact loss of `steps` steps ≤ the risk asked, so rounding it down to the cent stays within it.
  const riskCents = (steps * stepLoss) / centsScale;
  const oneStepRiskCents = divideRoundingUp(stepLoss, centsScale);

  const priceDecimals = Math.max(decimalsOf(input.entry), decimalsOf(input.stop));
  const unit = 10 ** PRICE_DECIMALS;
  const direction = side === 'long' ? 1n : -1n;
  const targets = ([1, 2, 3] as const).map((r) => {
    const scaled = entry + direction * BigInt(r) * distance;
    return { r, price: scaled > 0n ? Number((Number(scaled) / unit).toFixed(priceDecimals)) : null };
  });

  return {
    side,
    stopDistance: Number((Number(distance) / unit).toFixed(priceDecimals)),
    riskAskedCents: Number(riskAskedCents),
    lots,
    riskCents: Number(riskCents),
    oneStepRiskCents: Number(oneStepRiskCents),
    targets,
  };
}
