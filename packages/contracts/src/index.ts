export * from './client.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './trading-accounts.ts';
export * from './analytics.ts';
