import { describe, it, expect } from 'vitest';
import * as domain from '../src/index.ts';
import { formatMoney as journalFormatMoney } from '../src/trade-format.ts';
import { equityCurve as journalEquityCurve } from '../src/performance.ts';

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
  it('keeps the journal formatters under the plain names', () => {
    expect(domain.formatMoney).toBe(journalFormatMoney);
    expect(domain.equityCurve).toBe(journalEquityCurve);
  });
});
