export { API_PREFIX, createBrokerSim, startBrokerSim } from './broker-sim.ts';
export type { BrokerSim, BrokerSimOptions, StartedBrokerSim } from './broker-sim.ts';
export * from './fixture.ts';
export { NO_FAULTS, type Faults } from './faults.ts';
export {
  INSTRUMENTS,
  INFO_ROUTE_ID,
  TRADE_ROUTE_ID,
  findInstrument,
  type SimInstrument,
} from './instruments.ts';
export { barsFor, quoteAt, isOpenAt, type Bar, type Quote } from './market.ts';
export { barsAtResolution, RESOLUTIONS, type Resolution } from './resolutions.ts';
export { isMarketOpen, newYorkClock } from './trading-hours.ts';
export type { SeedHistory } from './seeded-history.ts';
export type { BrokerSimState, ClosedPositionSummary } from './sim-state.ts';
export { DEFAULT_RATE_LIMITS, MAX_HISTORY_BARS, type RateLimit } from './trade-config.ts';
