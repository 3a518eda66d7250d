export * from './members.ts';
export * from './billing.ts';
export * from './trading-accounts.ts';
export * from './analytics.ts';
export * from './courses.ts';
export * from './live-sessions.ts';
export * from './levels.ts';
export * from './market-events.ts';
