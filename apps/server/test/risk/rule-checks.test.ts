/** The rules against what the broker reports (pure): each rule trips at its limit, not before. */
import { describe, expect, it } from 'vitest';
import type { RiskRules } from '@th/contracts';
import type { BrokerOrder, BrokerPosition } from '../../src/modules/broker/index.ts';
import { breachesOf, nextTradingDayStart, type AccountPicture } from '../../src/modules/risk/rule-checks.ts';
import { NO_RULES } from '../support/risk-rules.ts';


// Wednesday 7 January 2026, 10:00 in Toronto: the New York session.
const NOW = new Date('2026-01-07T15:00:00Z');

const position = (id: string, qty: string, pnl: string): BrokerPosition => ({
  id,
  tradableInstrumentId: '1001',
  routeId: '1',
  side: 'buy',
  qty,
  avgPrice: '21000',
  stopLossId: null,
  takeProfitId: null,
  openDate: NOW.getTime() - 60_000,
  unrealizedPl: pnl,
  strategyId: null,
});

const fill = (positionId: string, isOpen: boolean, at: number, realizedPnl: string | null = null): BrokerOrder => ({
  id: `${positionId}-${isOpen ? 'open' : 'close'}`,
  tradableInstrumentId: '1001',
  routeId: '1',
  qty: '1',
  side: isOpen ? 'buy' : 'sell',
  type: 'market',
  status: 'Filled',
  filledQty: '1',
  avgPrice: '21000',
  price: null,
  stopPrice: null,
  validity: 'IOC',
  expireDate: null,
  createdDate: at,
  lastModified: at,
  isOpen,
  positionId,
  stopLoss: null,
  stopLossType: null,
  takeProfit: null,
  takeProfitType: null,
  strategyId: null,
  realizedPnl,
  fee: null,
  swap: null,
});

const picture = (more: Partial<AccountPicture> = {}): AccountPicture => ({
  now: NOW,
  currency: 'USD',
  startBalanceCents: 5_000_000,
  balanceCents: 5_000_000,
  equityCents: 5_000_000,
  positions: [],
  orders: [],
  filledToday: [],
  ...more,
});

const rules = (more: Partial<RiskRules>) => ({ ...NO_RULES, ...more });
const tripped = (r: RiskRules, p: AccountPicture) => breachesOf(r, p).map((b) => b.rule);

describe('rule checks', () => {
  it('max daily loss in money: realised and open loss against the start-of-day balance, at the limit', () => {
    const r = rules({ max_daily_loss: { mode: 'money', value: 1_000 } });
    expect(tripped(r, picture({ equityCents: 4_900_001 }))).toEqual([]);
    const [breach] = breachesOf(r, picture({ balanceCents: 4_950_000, equityCents: 4_900_000 }));
    expect(breach).toMatchObject({
      rule: 'daily_loss',
      numbers: { limit: '1000.00', loss: '1000.00', start_balance: '50000.00', balance: '49500.00', equity: '49000.00' },
      lockedUntil: new Date('2026-01-08T05:00:00Z'),
    });
    expect(breach!.message).toBe("Today's loss of $1,000.00 reached the max daily loss of $1,000.00.");
  });

  it('max daily loss in percent of the start-of-day balance', () => {
    const r = rules({ max_daily_loss: { mode: 'percent', value: 2 } });
    expect(tripped(r, picture({ equityCents: 4_900_100 }))).toEqual([]);
    expect(tripped(r, picture({ equityCents: 4_900_000 }))).toEqual(['daily_loss']);
  });

  it('max loss per open trade', () => {
    const r = rules({ max_trade_loss: 250 });
    expect(tripped(r, picture({ positions: [position('a', '1', '-249.99')] }))).toEqual([]);
    const [breach] = breachesOf(r, picture({ positions: [position('a', '1', '-100'), position('b', '1', '-250')] }));
    expect(breach).toMatchObject({ rule: 'trade_loss', numbers: { position_id: 'b', loss: '250.00' } });
  });

  it('max trades per day counts the positions opened today', () => {
    const r = rules({ max_trades_per_day: 2 });
    const t = NOW.getTime();
    const two = [fill('p1', true, t - 3_000), fill('p1', false, t - 2_000, '10'), fill('p2', true, t - 1_000)];
    expect(tripped(r, picture({ filledToday: two }))).toEqual([]);
    expect(tripped(r, picture({ filledToday: [...two, fill('p3', true, t)] }))).toEqual(['trades_per_day']);
  });

  it('max open lots', () => {
    const r = rules({ max_open_lots: 2 });
    expect(tripped(r, picture({ positions: [position('a', '1', '0'), position('b', '1', '0')] }))).toEqual([]);
    expect(tripped(r, picture({ positions: [position('a', '1.5', '0'), position('b', '1', '0')] }))).toEqual(['open_lots']);
  });

  it('allowed sessions: anything open outside them', () => {
    const r = rules({ allowed_sessions: ['London'] });
    expect(tripped(r, picture())).toEqual([]);
    expect(tripped(r, picture({ positions: [position('a', '1', '0')] }))).toEqual(['session']);
    expect(tripped(rules({ allowed_sessions: ['New York'] }), picture({ positions: [position('a', '1', '0')] }))).toEqual([]);
  });

  it('cool-down after losses in a row locks until it ends', () => {
    const r = rules({ cooldown: { after_losses: 2, minutes: 30 } });
    const t = NOW.getTime();
    const losses = [fill('p1', true, t - 9e5), fill('p1', false, t - 8e5, '-50'), fill('p2', true, t - 7e5), fill('p2', false, t - 6e5, '-20')];
    const [breach] = breachesOf(r, picture({ filledToday: losses }));
    expect(breach).toMatchObject({ rule: 'cooldown', lockedUntil: new Date(t - 6e5 + 30 * 60_000) });
    // A win breaks the streak; a cool-down already over trips nothing.
    expect(tripped(r, picture({ filledToday: [...losses, fill('p3', true, t - 5e5), fill('p3', false, t - 4e5, '5')] }))).toEqual([]);
    expect(tripped(r, picture({ now: new Date(t + 30 * 60_000), filledToday: losses }))).toEqual([]);
  });

  it('the next Toronto trading day starts at midnight Toronto time, across DST', () => {
    expect(nextTradingDayStart(new Date('2026-03-07T23:00:00Z')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(nextTradingDayStart(new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
