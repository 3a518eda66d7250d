export * from './money.ts';
export * from './weekdays.ts';
export * from './instruments.ts';
export * from './trade-dates.ts';
export * from './trading-sessions.ts';
export * from './trade-format.ts';
export * from './trades.ts';
export * from './performance.ts';
export * from './reports.ts';
export * from './live-sessions.ts';
export * from './courses.ts';
export * from './membership.ts';
export * from './bot-slug.ts';
export * from './market-events.ts';
export * from './orb/index.ts';

// The ORB engine has its own money/price formatters and backtest equity helpers with the same
// names. At the package root the journal versions keep the plain names and the ORB ones are
// aliased; '@th/domain/orb/index' still exposes them under their own names.
export { formatMoney, formatPrice } from './trade-format.ts';
export { equityCurve, maxDrawdown } from './performance.ts';
export {
  formatMoney as formatOrbMoney,
  formatPrice as formatOrbPrice,
  equityCurve as backtestEquityCurve,
  maxDrawdown as backtestMaxDrawdown,
} from './orb/index.ts';
export * from './random.ts';
