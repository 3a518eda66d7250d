import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { listBotTrades, recordBotTrade, upsertSyncedTrades } from '../../src/modules/trades/index.ts';
import { linkAccount, SYNCED } from './fixtures.ts';

/**
 * Every way a trade is written stores its type under one name, so TradeDesk, the daily log and
 * the trade log show "Market" for a synced, imported, bot or manual market trade alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const m = await createMember(t.ctx);
  return { ...m, token: await t.login(m.email, m.password) };
}

async function typesShown(token: string, filter = '') {
  const res = await t.call('GET', `/api/trades/order-history?per_page=100${filter}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    rows: body.data.map((trade: { instrument: string; type: string | null }) => [trade.instrument, trade.type]),
    choices: [...body.meta.types].sort(),
  };
}

describe('a trade type', () => {
  it('is stored by its name whoever writes it: sync, manual entry, CSV import', async () => {
    const m = await member();
    const account = await linkAccount(t.ctx, m.id);
    const trades = [
      { ...SYNCED[0]!, brokerPositionId: 'S1', instrument: 'NAS100', type: 'market' },
      { ...SYNCED[0]!, brokerPositionId: 'S2', instrument: 'US30', type: 'STOP_LIMIT' },
      { ...SYNCED[0]!, brokerPositionId: 'S3', instrument: 'GER40', type: ' trailing-stop ' },
    ];
    await upsertSyncedTrades(t.ctx.db, { userId: m.id, tradingAccountId: account.id, accountLabel: 'Apex', accountIdentifier: '1', trades });
    const manual = await t.call('POST', '/api/trades/manual', {
      token: m.token,
      body: { instrument: 'XAUUSD', side: 'BUY', type: 'limit', entry_time: '2026-01-05T15:00:00Z', net_pnl: '5' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json().data.type).toBe('Limit');
    const csv = [
      'instrument,side,entry_time,net_pnl,type',
      'EURUSD,buy,2026-01-05 09:35,10,MARKET',
      'GBPUSD,sell,2026-01-05 09:40,-4,Iceberg',
    ].join('\n');
    const imported = await t.call('POST', '/api/trades/import', { token: m.token, body: { csv, account_label: 'File' } });
    expect(imported.json().data, imported.body).toMatchObject({ inserted: 2 });

    const { rows, choices } = await typesShown(m.token);
    expect(Object.fromEntries(rows)).toEqual({
      NAS100: 'Market',
      US30: 'Stop Limit',
      GER40: 'Trailing Stop',
      XAUUSD: 'Limit',
      EURUSD: 'Market',
      // A type §5.3 does not offer keeps the file's own words.
      GBPUSD: 'Iceberg',
    });
    expect(choices).toEqual(['Iceberg', 'Limit', 'Market', 'Stop Limit', 'Trailing Stop']);
  });

  it('of an AlphaORB trade, paper or live, is named the same way', async () => {
    const m = await member();
    const leg = {
      userId: m.id,
      botId: 'bot-types',
      botRunId: 'run-types',
      leg: 1,
      botLabel: 'NAS open',
      instrument: 'NAS100',
      side: 'buy' as const,
      type: 'limit',
      quantity: '1',
      entryTime: '2026-01-05T14:36:00Z',
      exitTime: '2026-01-05T14:52:00Z',
      pnl: '10',
      orbStart: '09:30',
      orbRangeMinutes: 5,
      orderStatus: 'paper',
    };
    await recordBotTrade(t.ctx.db, leg);
    expect((await listBotTrades(t.ctx.db, { userId: m.id, botId: 'bot-types' }))[0]?.type).toBe('Limit');
    expect((await typesShown(m.token)).rows).toEqual([['NAS100', 'Limit']]);
  });

  it('written before in another spelling is renamed by the migration, and the filter finds it in any case', async () => {
    const m = await member();
    const spellings = ['market', 'Market', 'MARKET', ' stop_limit ', 'Take-Profit', 'Iceberg  order', '  ', null];
    await t.ctx.database.query(
      `insert into trades (user_id, source, instrument, side, type, entry_time, exit_time, net_pnl, trade_date, account_label)
       select $1::uuid, 'manual', 'I' || n, 'buy', s, '2026-01-05T15:00:00Z', '2026-01-05T15:00:00Z', 1, '2026-01-05', 'Old'
       from unnest($2::text[]) with ordinality as x(s, n)`,
      [m.id, spellings],
    );
    const migration = readFileSync(new URL('../../drizzle/0033_trade_type_names.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.ctx.database.query(statement);

    const { rows, choices } = await typesShown(m.token);
    expect(Object.fromEntries(rows)).toEqual({
      I1: 'Market',
      I2: 'Market',
      I3: 'Market',
      I4: 'Stop Limit',
      I5: 'Take Profit',
      I6: 'Iceberg order',
      I7: null,
      I8: null,
    });
    expect(choices).toEqual(['Iceberg order', 'Market', 'Stop Limit', 'Take Profit']);
    for (const filter of ['market', 'Market', 'MARKET']) {
      expect((await typesShown(m.token, `&type=${filter}`)).rows.map(([instrument]: string[]) => instrument).sort()).toEqual(['I1', 'I2', 'I3']);
    }
  });
});
