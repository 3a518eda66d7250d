import { describe, it, expect } from 'vitest';
import * as domain from '../src/index.ts';
import * as money from '../src/money.ts';
import * as orb from '../src/orb/index.ts';
import * as performance from '../src/performance.ts';
import * as tradeFormat from '../src/trade-format.ts';

describe('package root', () => {
  it('exports every module', () => {
    for (const name of [
      'sessionLabelFor',
      'sessionWindowsFor',
      'tradeDateOf',
      'monthGrid',
      'formatPnl',
      'isManualTrade',
      'profitFactor',
      'isSessionLiveNow',
      'nextOccurrence',
      'selectModule',
      'hasPermission',
      'botSlug',
      'parseBotSlug',
      'WEEKDAY_KEYS',
      'marketEventMatches',
      'instrumentEmoji',
      'toCents',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
  // Two star exports of one name are silently dropped from the root: every name must be unique.
  it('exports every name of every module, each once', () => {
    for (const module of [money, tradeFormat, performance, orb]) {
      for (const [name, value] of Object.entries(module)) expect(domain, name).toHaveProperty(name, value);
    }
  });
});
