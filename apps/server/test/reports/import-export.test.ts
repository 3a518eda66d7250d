import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;

const GENERIC = [
  'instrument,side,entry_time,exit_time,quantity,entry_price,exit_price,stop_loss,net_pnl,account,notes',
  'NAS100,buy,2026-01-05 09:35,2026-01-05 09:50,2,21000,21060.25,20990,120.50,Prop,"Opening drive, clean"',
  'xauusd,short,2026-01-05T22:30:00-05:00,2026-01-06T00:10:00-05:00,0.5,2650.1,2646.1,,200,Prop,',
  ',buy,2026-01-06 10:00,,1,,,,5,Prop,',
  'US30,sideways,yesterday,,1,,,,abc,Prop,',
  'GER40,sell,2026-01-07 03:00,2026-01-07 02:00,1,,,,-10,Prop,=HYPERLINK("http://evil")',
].join('\r\n');

const MT5 = [
  'Time;Position;Symbol;Type;Volume;Price;S / L;T / P;Time;Price;Commission;Swap;Profit',
  '2026.01.08 16:31:05;5001;NAS100.cash;buy;1;21000.5;20990;0;2026.01.08 16:45:00;21020.5;-3.50;0;20.00',
  '2026.01.08 17:10:00;5002;US30;sell;0.5;44000;0;0;2026.01.08 17:30:00;44020;-1.25;-0.25;-10.00',
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
});
afterAll(() => t.close());

describe('POST /api/trades/import/preview and /api/trades/import', () => {
  it('requires authentication', async () => {
    expect((await t.call('POST', '/api/trades/import/preview', { body: { csv: GENERIC } })).statusCode).toBe(401);
  });

  it('previews every row with its errors in the generic format, changing nothing', async () => {
    const res = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: GENERIC } });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ format: 'generic', valid: 2, invalid: 3, duplicates: 0 });
    expect(preview.rows[0]).toMatchObject({ line: 2, instrument: 'NAS100', side: 'buy', entry_time: '2026-01-05T14:35:00.000Z', net_pnl: '120.5', errors: [] });
    expect(preview.rows[1]).toMatchObject({ instrument: 'XAUUSD', side: 'sell', exit_time: '2026-01-06T05:10:00.000Z' });
    expect(preview.rows[2].errors).toEqual(['Instrument is required.']);
    expect(preview.rows[3].errors).toEqual([
      'Side "sideways" must be buy or sell.',
      'Entry time must be a date and time such as 2026-01-05 09:35.',
      'Net P/L must be a number.',
    ]);
    expect(preview.rows[4].errors).toEqual(['Exit time must be after the entry time.']);
    const count = await t.ctx.database.query<{ n: number }>('select count(*)::int as n from trades');
    expect(count[0]!.n).toBe(0);
  });

  it('imports the valid rows once; importing the same file again adds nothing', async () => {
    const first = await t.call('POST', '/api/trades/import', { token, body: { csv: GENERIC } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: '2 trades imported, 3 rows with errors skipped.',
      data: { inserted: 2, duplicates: 0, invalid: 3 },
    });
    const again = await t.call('POST', '/api/trades/import', { token, body: { csv: GENERIC } });
    expect(again.json().data).toEqual({ inserted: 0, duplicates: 2, invalid: 3 });
    const preview = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: GENERIC } });
    expect(preview.json().data).toMatchObject({ valid: 0, duplicates: 2 });

    const log = (await t.call('GET', '/api/trades/order-history?account_id=label%3AProp', { token })).json();
    expect(log.data.map((trade: { instrument: string; net_pnl: string; trade_date: string }) => [trade.instrument, trade.net_pnl, trade.trade_date])).toEqual([
      ['XAUUSD', '200', '2026-01-06'],
      ['NAS100', '120.5', '2026-01-05'],
    ]);
    expect(log.data[1]).toMatchObject({ manual: true, notes: 'Opening drive, clean', stop_loss: '20990' });
  });

  it('reads a MetaTrader 5 positions history in the broker zone, net of commission and swap', async () => {
    const body = { csv: MT5, timezone: 'Europe/Athens', account_label: 'MT5 Live' };
    const preview = (await t.call('POST', '/api/trades/import/preview', { token, body })).json().data;
    expect(preview).toMatchObject({ format: 'mt5', valid: 2, invalid: 0 });
    expect(preview.rows[0]).toMatchObject({ instrument: 'NAS100.CASH', side: 'buy', entry_time: '2026-01-08T14:31:05.000Z', net_pnl: '16.5' });
    const done = (await t.call('POST', '/api/trades/import', { token, body })).json();
    expect(done.data).toEqual({ inserted: 2, duplicates: 0, invalid: 0 });
    const rows = await t.ctx.database.query<{ broker_position_id: string; net_pnl: string; fee: string; take_profit: string | null }>(
      `select broker_position_id, net_pnl::text, fee::text, take_profit::text from trades where account_label = 'MT5 Live' order by broker_position_id`,
    );
    expect(rows).toEqual([
      { broker_position_id: 'id:5001', net_pnl: '16.5', fee: '-3.5', take_profit: null },
      { broker_position_id: 'id:5002', net_pnl: '-11.5', fee: '-1.25', take_profit: null },
    ]);
    expect((await t.call('POST', '/api/trades/import', { token, body })).json().data.inserted).toBe(0);
  });

  it('refuses a file it cannot read with a clear 422', async () => {
    const wrong = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: 'date,amount\n2026-01-01,5' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.csv[0]).toMatch(/^The header must name at least the columns instrument, side, entry_time and net_pnl/);
    const mismatch = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: GENERIC, format: 'mt5' } });
    expect(mismatch.statusCode).toBe(422);
    // A quote that never closes would swallow the rest of the file: refused, naming its line.
    // Its own member: imports are counted per member per minute.
    const other = await createMember(t.ctx);
    const unclosed = await t.call('POST', '/api/trades/import/preview', {
      token: await t.login(other.email, other.password),
      body: { csv: `${GENERIC}\r\n\r\nNAS100,buy,2026-01-08 09:35,,1,,,,5,Prop,"never closed\r\nUS30,sell` },
    });
    expect(unclosed.statusCode).toBe(422);
    expect(unclosed.json().errors.csv).toEqual(['A quote opened on line 8 is never closed. Check that row, then try again.']);
    const empty = await t.call('POST', '/api/trades/import', { token, body: { csv: '' } });
    expect(empty.json().errors.csv).toEqual(['Choose a CSV file to import.']);
  });
});

describe('GET /api/trades/export.csv and /api/reports/performance.csv', () => {
  it('exports the filtered trade log as CSV that is safe in a spreadsheet and imports back', async () => {
    // A trade whose notes try to be a formula.
    await t.call('POST', '/api/trades/manual', {
      token,
      body: { instrument: 'SPX', side: 'SELL', entry_time: '2026-01-09T15:00:00Z', net_pnl: '-45.25', notes: '=cmd|"/c calc"!A1', account_label: 'Desk' },
    });
    const res = await t.call('GET', '/api/trades/export.csv?account_id=label%3ADesk', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="trade-log.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'id,trade_date,instrument,side,type,quantity,entry_time,exit_time,entry_price,exit_price,stop_loss,take_profit,fee,swap,gross_pnl,net_pnl,session,account,account_identifier,source,notes',
    );
    // The negative amount stays a number; the formula-looking note is defused with an apostrophe.
    expect(lines[1]).toContain(',-45.25,New York,Desk,,manual,"\'=cmd|""/c calc""!A1"');

    const back = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: res.body, account_label: 'Copy' } });
    expect(back.json().data.rows[0]).toMatchObject({ instrument: 'SPX', side: 'sell', net_pnl: '-45.25', account_label: 'Desk', errors: [] });
  });

  it('quotes cells that a semicolon- or tab-separated spreadsheet would split into a formula', async () => {
    // Its own member: imports and exports are counted per member per minute.
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    await t.call('POST', '/api/trades/manual', {
      token,
      body: { instrument: 'ES', side: 'BUY', entry_time: '2026-01-12T15:00:00Z', net_pnl: '10', notes: 'see;=1+1\t@SUM(A1)', account_label: 'Semi' },
    });
    const res = await t.call('GET', '/api/trades/export.csv?account_id=label%3ASemi', { token });
    const row = res.body.replace(/^\uFEFF/, '').trim().split('\r\n')[1]!;
    // Quoted whole, a spreadsheet that splits on ; or tab keeps it one text cell.
    expect(row.endsWith(',"see;=1+1\t@SUM(A1)"')).toBe(true);
    const back = await t.call('POST', '/api/trades/import/preview', { token, body: { csv: res.body, account_label: 'Copy' } });
    expect(back.json().data.rows[0]).toMatchObject({ instrument: 'ES', errors: [] });
  });

  it("answers a bad filter with a 422 and never another member's trades", async () => {
    expect((await t.call('GET', '/api/trades/export.csv?entry_from=2026-02-01&entry_to=2026-01-01', { token })).statusCode).toBe(422);
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const res = await t.call('GET', '/api/trades/export.csv', { token: otherToken });
    expect(res.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });

  it('exports the report with its summary, daily curve and breakdowns', async () => {
    const res = await t.call('GET', '/api/reports/performance.csv?account_id=label%3AProp', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Net P&L,320.50\r\n');
    expect(res.body).toContain('Profit factor,∞\r\n');
    expect(res.body).toContain('2026-01-06,200.00,1,320.50,0.00\r\n');
    expect(res.body).toContain('instrument,XAUUSD,1,1,0,0,200.00,100,∞,200.00,200.00,\r\n');
  });
});

describe('per-member quotas on heavy work', () => {
  it('refuses an eleventh import in a minute and a seventh export, with the wait in words', async () => {
    const member = await createMember(t.ctx);
    const own = await t.login(member.email, member.password);
    const preview = () => t.call('POST', '/api/trades/import/preview', { token: own, body: { csv: GENERIC, account_label: 'Quota' } });
    for (let i = 0; i < 10; i += 1) expect((await preview()).statusCode).toBe(200);
    const limited = await preview();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    const exportCsv = () => t.call('GET', '/api/trades/export.csv', { token: own });
    for (let i = 0; i < 6; i += 1) expect((await exportCsv()).statusCode).toBe(200);
    expect((await exportCsv()).statusCode).toBe(429);
    // Another member is not held up by this one.
    expect((await t.call('GET', '/api/trades/export.csv', { token })).statusCode).toBe(200);
  });
});
