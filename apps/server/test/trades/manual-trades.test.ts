import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedWeek } from './fixtures.ts';

let t: TestApp;
let token: string;
let manualIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
  ({ manualIds } = await seedWeek(t, member, token));
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => t.call('POST', '/api/trades/manual', { token, body });

describe('POST /api/trades/manual', () => {
  it('creates the trade with exact amounts, the default account label and its trade date', async () => {
    const res = await create({
      instrument: ' us30 ',
      side: 'sell',
      type: 'Stop Limit',
      quantity: '0.125',
      entry_price: '42000.5',
      exit_price: '41980.25',
      stop_loss: '',
      take_profit: null,
      fee: '2.10',
      swap: '-0.35',
      gross_pnl: '2.53',
      net_pnl: '0.08',
      entry_time: '2026-01-12T14:30:00.000Z',
      exit_time: '2026-01-12T15:00:00.000Z',
      account_label: '',
      notes: '<b>Faded</b> the open',
    });
    expect(res.statusCode, res.body).toBe(201);
    const trade = res.json().data;
    expect(trade).toMatchObject({
      instrument: 'US30',
      side: 'sell',
      type: 'Stop Limit',
      quantity: '0.125',
      stop_loss: null,
      take_profit: null,
      fee: '2.1',
      swap: '-0.35',
      net_pnl: '0.08',
      account_label: 'Manual',
      notes: 'Faded the open',
      trade_date: '2026-01-12',
      session: 'New York',
      manual: true,
    });
    expect(trade.id).toMatch(/^manual-\d+$/);
  });

  it('answers the spec messages as field errors, and stores nothing', async () => {
    const before = (await t.call('GET', '/api/trades/order-history', { token })).json().meta.total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ instrument: 'NAS100', net_pnl: '10' }, 'entry_time', 'Entry time is required.'],
      [{ instrument: 'NAS100', net_pnl: '10', entry_time: '' }, 'entry_time', 'Entry time is required.'],
      [{ instrument: 'NAS100', net_pnl: '10', entry_time: 'tomorrow' }, 'entry_time', 'Entry time must be a valid date and time.'],
      [{ instrument: '  ', net_pnl: '10', entry_time: '2026-01-12T14:30:00Z' }, 'instrument', 'Instrument is required.'],
      [{ instrument: 'NAS100', entry_time: '2026-01-12T14:30:00Z' }, 'net_pnl', 'Net P/L is required.'],
      [{ instrument: 'NAS100', net_pnl: 'ten', entry_time: '2026-01-12T14:30:00Z' }, 'net_pnl', 'Net P/L must be a number.'],
      [{ instrument: 'NAS100', net_pnl: '1', quantity: '-1', entry_time: '2026-01-12T14:30:00Z' }, 'quantity', 'Quantity must be 0 or more.'],
      [{ instrument: 'NAS100', net_pnl: '1', entry_price: '1e400', entry_time: '2026-01-12T14:30:00Z' }, 'entry_price', 'Entry price must be a number.'],
      [{ instrument: 'NAS100', net_pnl: '1', side: 'LONG', entry_time: '2026-01-12T14:30:00Z' }, 'side', 'Side must be Buy or Sell.'],
      [
        { instrument: 'NAS100', net_pnl: '1', entry_time: '2026-01-12T14:30:00Z', exit_time: '2026-01-12T14:00:00Z' },
        'exit_time',
        'Exit time must be after the entry time.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await t.call('GET', '/api/trades/order-history', { token })).json().meta.total).toBe(before);
  });
});

describe('DELETE /api/trades/manual/{manualTradeId}', () => {
  it('deletes a manual trade by its number', async () => {
    const created = (await create({ instrument: 'NAS100', net_pnl: '1', entry_time: '2026-01-13T14:30:00Z' })).json().data;
    const res = await t.call('DELETE', `/api/trades/manual/${created.manual_trade_id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const again = await t.call('DELETE', `/api/trades/manual/${created.manual_trade_id}`, { token });
    expect(again.statusCode).toBe(404);
  });

  it('refuses synced trades, whichever way they are named', async () => {
    const all = (await t.call('GET', '/api/trades/order-history?instrument=US30', { token })).json().data;
    const linked = all.find((trade: { source: string }) => trade.source === 'linked');
    expect(linked.position_id).toBe('P6');
    for (const id of [linked.id, `manual-${linked.id}`]) {
      const res = await t.call('DELETE', `/api/trades/manual/${id}`, { token });
      expect(res.statusCode, id).toBe(422);
      expect(res.json().message).toBe('Only manual trades can be deleted.');
    }
    const bad = await t.call('DELETE', '/api/trades/manual/abc', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Unable to determine manual trade identifier.');
  });

  it("answers 404 for another member's manual trade and leaves it", async () => {
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const res = await t.call('DELETE', `/api/trades/manual/${manualIds[0]}`, { token: otherToken });
    expect(res.statusCode).toBe(404);
    const mine = (await t.call('GET', '/api/trades/order-history?account_id=label:Manual', { token })).json();
    expect(mine.data.map((trade: { id: string }) => trade.id)).toContain(manualIds[0]);
  });
});
