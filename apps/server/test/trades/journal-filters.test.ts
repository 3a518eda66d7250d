import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { OrderHistoryQuery, OrderHistoryResponse } from '@th/contracts';
import { journalTradeEntries, trades } from '../../src/db/schema/index.ts';
import { upsertSyncedTrades, type SyncedTradeInput } from '../../src/modules/trades/index.ts';
import { orderHistory, uncachedOrderHistory } from '../../src/modules/trades/order-history.ts';
import { performanceReport } from '../../src/modules/reports/performance.ts';
import type { AuthContext } from '../../src/context.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { linkAccount } from './fixtures.ts';

/**
 * The trade log filtered by playbook and tag is read from the journal's side (each entry and tag
 * row carries its trade's entry time): its pages must be exactly the unfiltered log's trades that
 * match, in the same order, page after page, also after a trade's entry time changes.
 */
type Trade = { id: string; position_id: string; trade_date: string; side: string; entry_time: string | null; exit_time: string | null; net_pnl: string | null };
type Page = { data: Trade[]; meta: { total: number; total_pages: number; count: number } };

let t: TestApp;
let token: string;
let member: { id: string };
let accountId: string;
const playbooks: Record<'orb' | 'fade', string> = { orb: '', fade: '' };
/** What each position's journal entry says (positions without one are left out). */
const journal: Record<string, { playbook: keyof typeof playbooks | null; labels: string[] }> = {};

/** Fourteen trades: Q3 and Q4 entered at the same minute (then newest id first), Q14 without an entry time. */
const position = (n: number, entryTime: string | null, exitTime?: string): SyncedTradeInput => {
  const exit = exitTime ?? new Date(Date.parse(`2026-01-${String(5 + (n % 5)).padStart(2, '0')}T16:00:00Z`) + n * 60_000).toISOString();
  return { brokerPositionId: `Q${n}`, instrument: 'NAS100', side: n % 2 ? 'buy' : 'sell', type: 'market', quantity: '1', entryTime, exitTime: exit, netPnl: String(n) };
};
const entryTimeOf = (n: number): string | null => (n === 14 ? null : n === 4 ? entryTimeOf(3) : new Date(Date.parse(`2026-01-${String(5 + (n % 5)).padStart(2, '0')}T14:00:00Z`) + n * 60_000).toISOString());
const sync = (trades: SyncedTradeInput[]) =>
  upsertSyncedTrades(t.ctx.db, { userId: member.id, tradingAccountId: accountId, accountLabel: 'Apex Live', accountIdentifier: 'L#1', trades });

const log = async (query: string, client: Pick<TestApp, 'call'> = t): Promise<Page> => {
  const res = await client.call('GET', `/api/trades/order-history?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Every page of a filter, two trades a page, and the first page's totals. */
async function pagesOf(query: string) {
  const first = await log(`${query}&per_page=2&page=1`);
  const trades = [...first.data];
  for (let page = 2; page <= first.meta.total_pages; page += 1) {
    const next = await log(`${query}&per_page=2&page=${page}`);
    expect(next.meta.total).toBe(first.meta.total);
    trades.push(...next.data);
  }
  return { trades, total: first.meta.total, totalPages: first.meta.total_pages };
}

/** The unfiltered log's trades whose entry (and trade) match, as one list and as the pages of two it makes. */
async function expected(match: (entry: (typeof journal)[string]) => boolean, tradeMatch: (trade: Trade) => boolean = () => true) {
  const all = (await log('per_page=50')).data;
  const trades = all.filter((trade) => journal[trade.position_id] && match(journal[trade.position_id]!) && tradeMatch(trade));
  return { trades, total: trades.length, totalPages: Math.max(1, Math.ceil(trades.length / 2)) };
}

const tagged = (tag: string) => (entry: (typeof journal)[string]) => entry.labels.some((label) => label.toLowerCase() === tag);

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signedInMember(t);
  token = signedIn.token;
  member = signedIn;
  accountId = (await linkAccount(t.ctx, member.id)).id;
  await sync(Array.from({ length: 14 }, (_, i) => position(i + 1, entryTimeOf(i + 1))));
  for (const name of ['orb', 'fade'] as const) {
    const res = await t.call('POST', '/api/playbooks', { token, body: { name } });
    expect(res.statusCode, res.body).toBe(201);
    playbooks[name] = res.json().data.id;
  }
  const trades = (await log('per_page=50')).data;
  expect(trades).toHaveLength(14);
  for (const trade of trades) {
    const n = Number(trade.position_id.slice(1));
    if (n % 7 === 6) continue; // Q6 and Q13: no journal entry.
    const playbook = n % 2 ? 'orb' : n % 4 === 0 ? 'fade' : null;
    // Q1, Q4, Q7…: the same tag twice in two cases, counted once.
    const labels = n % 3 === 0 ? ['Breakout'] : n % 3 === 1 ? ['breakout', 'BREAKOUT', 'Late'] : ['Late'];
    journal[trade.position_id] = { playbook, labels };
    const body = { labels, ...(playbook && { playbook_id: playbooks[playbook] }) };
    const res = await t.call('PUT', `/api/journals/days/${trade.trade_date}/trades/${trade.id}`, { token, body });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

type Entry = (typeof journal)[string];
/** Each filter, what it asks of the entry, and of the trade (a page then joins trades to test it). */
const filters = (): Array<[string, (entry: Entry) => boolean, ((trade: Trade) => boolean)?]> => [
  [`playbook=${playbooks.orb}`, (entry) => entry.playbook === 'orb'],
  [`playbook=${playbooks.fade}`, (entry) => entry.playbook === 'fade'],
  ['tag=BreakOut', tagged('breakout')],
  ['tag=late', tagged('late')],
  [`tag=breakout&playbook=${playbooks.orb}`, (entry) => entry.playbook === 'orb' && tagged('breakout')(entry)],
  ['tag=late&side=sell', tagged('late'), (trade) => trade.side === 'sell'],
  [`playbook=${playbooks.orb}&side=buy`, (entry) => entry.playbook === 'orb', (trade) => trade.side === 'buy'],
  [`playbook=${playbooks.orb}&account_id=${accountId}`, (entry) => entry.playbook === 'orb'],
];

describe('the trade log filtered by playbook and tag', () => {
  it('pages exactly the matching trades of the unfiltered log, in its order, with its totals', async () => {
    for (const [query, match, tradeMatch] of filters()) {
      const want = await expected(match, tradeMatch);
      expect(want.total, query).toBeGreaterThan(1);
      expect(await pagesOf(query), query).toEqual(want);
    }
    // Same-minute entries keep the log's order (the newer trade first) and the trade without an entry time comes last.
    expect((await pagesOf('tag=late')).trades.at(-1)!.position_id).toBe('Q14');
    const breakout = (await pagesOf('tag=breakout')).trades.map((trade) => trade.position_id);
    expect(breakout.indexOf('Q4')).toBe(breakout.indexOf('Q3') - 1);
  });

  it('sends every page byte for byte as the contract serializer writes the page read straight from the database', async () => {
    // Pages are joined from the JSON of trades kept per revision: per_page 3 after 2 joins new
    // pages from trades already kept, a second pass of 2 answers pages kept whole.
    for (const query of ['', ...filters().map(([filter]) => filter)]) {
      for (const perPage of [2, 3, 2]) {
        const first = await log(`${query}&per_page=${perPage}`);
        for (let page = 1; page <= first.meta.total_pages; page += 1) {
          const asked = `${query}&per_page=${perPage}&page=${page}`;
          const res = await t.call('GET', `/api/trades/order-history?${asked}`, { token });
          const direct = await uncachedOrderHistory(t.ctx, member.id, OrderHistoryQuery.parse(Object.fromEntries(new URLSearchParams(asked))));
          expect(res.body, asked).toBe(JSON.stringify(z.encode(OrderHistoryResponse, direct)));
        }
      }
    }
  });

  it('follows a trade whose entry time the broker sync changes, and a retagged entry', async () => {
    // Q1 re-synced as entered last of all: it moves to the head of every filter it matches.
    await sync([position(1, '2026-01-30T14:00:00.000Z', '2026-01-30T15:00:00.000Z')]);
    // Q14 gets an entry time: it leaves the end.
    await sync([position(14, '2026-01-02T14:00:00.000Z')]);
    const q2 = (await log('per_page=50')).data.find((trade) => trade.position_id === 'Q2')!;
    journal.Q2 = { playbook: null, labels: ['Breakout'] };
    const res = await t.call('PUT', `/api/journals/days/${q2.trade_date}/trades/${q2.id}`, { token, body: { labels: ['Breakout'] } });
    expect(res.statusCode, res.body).toBe(200);
    for (const [query, match, tradeMatch] of filters()) expect(await pagesOf(query), query).toEqual(await expected(match, tradeMatch));
    expect((await pagesOf('tag=breakout')).trades[0]!.position_id).toBe('Q1');
  });

  it("leaves out a trade that becomes a bot run's, and takes it back when it stops being one", async () => {
    // The journal's rows say whether their trade is a bot run's (the log leaves those out): the
    // pages walk only them, so a change of the trade's source must reach its entry and tags.
    const q3 = (await log('per_page=50')).data.find((trade) => trade.position_id === 'Q3')!;
    const setSource = (source: 'bot' | 'linked') =>
      t.ctx.db.update(trades).set({ source }).where(eq(trades.brokerPositionId, 'Q3'));
    await setSource('bot');
    expect((await log('per_page=50')).data.map((trade) => trade.id)).not.toContain(q3.id);
    for (const [query, match, tradeMatch] of filters()) expect(await pagesOf(query), query).toEqual(await expected(match, tradeMatch));
    expect((await pagesOf('tag=breakout')).trades.map((trade) => trade.id)).not.toContain(q3.id);
    await setSource('linked');
    for (const [query, match, tradeMatch] of filters()) expect(await pagesOf(query), query).toEqual(await expected(match, tradeMatch));
    expect((await pagesOf('tag=breakout')).trades.map((trade) => trade.id)).toContain(q3.id);
  });

  it('moves the tag rows with the entry when it changes playbook', async () => {
    const q5 = (await log('per_page=50')).data.find((trade) => trade.position_id === 'Q5')!;
    journal.Q5 = { playbook: 'fade', labels: ['Breakout'] };
    const body = { labels: ['Breakout'], playbook_id: playbooks.fade };
    const res = await t.call('PUT', `/api/journals/days/${q5.trade_date}/trades/${q5.id}`, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pagesOf(`tag=breakout&playbook=${playbooks.fade}`)).toEqual(
      await expected((entry) => entry.playbook === 'fade' && tagged('breakout')(entry)),
    );
    for (const [query, match, tradeMatch] of filters()) expect(await pagesOf(query), query).toEqual(await expected(match, tradeMatch));
  });

  it('computes a page asked for by several requests at once only once', async () => {
    // Revisions nothing has cached yet: every request misses the cache together.
    const at = { userId: member.id, tradeRevision: 1_000_000, journalRevision: 1 };
    const query = { tag: 'late', page: 2, per_page: 2 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => orderHistory(t.ctx, at, query)));
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect(answers[0]!.data.map((trade) => trade.id)).toEqual((await log('tag=late&per_page=2&page=2')).data.map((trade) => trade.id));
    // Another revision is another computation, never the one under way for the older revision.
    const [older, newer] = await Promise.all([orderHistory(t.ctx, { ...at, tradeRevision: 1_000_001 }, query), orderHistory(t.ctx, { ...at, tradeRevision: 1_000_002 }, query)]);
    expect(newer).not.toBe(older);
    expect(newer).toEqual(older);
  });

  it("keeps a filter's trade ids while other pages are walked, and lists them again after a write through another instance", async () => {
    // Revisions nothing has cached yet, held still while the journal changes underneath: a page
    // not asked before then shows whether the filter's ids were kept or listed again.
    const at = { userId: member.id, tradeRevision: 2_000_000, journalRevision: 1 };
    const orb = { playbook: playbooks.orb, page: 1 };
    const listed = await orderHistory(t.ctx, at, { ...orb, per_page: 2 });
    // More pages of another filter than a member keeps answers (64), each asked once.
    for (let perPage = 1; perPage <= 70; perPage += 1) await orderHistory(t.ctx, at, { tag: 'late', page: 1, per_page: perPage });
    const other = await secondInstance(t);
    try {
      // Q3 leaves the orb playbook through the other instance (the real journal revision moves).
      const q3 = (await log('per_page=50')).data.find((trade) => trade.position_id === 'Q3')!;
      const move = async (playbook: keyof typeof playbooks) => {
        journal.Q3 = { playbook, labels: journal.Q3!.labels };
        const body = { labels: journal.Q3.labels, playbook_id: playbooks[playbook] };
        const res = await other.call('PUT', `/api/journals/days/${q3.trade_date}/trades/${q3.id}`, { token, body });
        expect(res.statusCode, res.body).toBe(200);
      };
      await move('fade');
      // Still the ids kept at the held revisions: not listed again because pages were walked.
      expect((await orderHistory(t.ctx, at, { ...orb, per_page: 3 })).meta.total).toBe(listed.meta.total);
      // At the revisions read with the token, the write is seen at once.
      expect(await pagesOf(`playbook=${playbooks.orb}`)).toEqual(await expected((entry) => entry.playbook === 'orb'));
      await move('orb');
      expect(await pagesOf(`playbook=${playbooks.orb}`)).toEqual(await expected((entry) => entry.playbook === 'orb'));
    } finally {
      await other.close();
    }
  });

  it("keeps the filters' first pages and the reports while deep pages are walked once, and a deep page follows a write through another instance", async () => {
    // Revisions nothing has cached yet, held still while the trades and the journal change
    // underneath: an answer still kept at them is the same object; one computed again differs.
    const at = { userId: member.id, tradeRevision: 3_000_000, journalRevision: 1 };
    const report = await performanceReport(t.ctx, at as unknown as AuthContext, {});
    const first = await orderHistory(t.ctx, at, { playbook: playbooks.orb, page: 1, per_page: 2 });
    // More deep pages, each asked once, than a member keeps answers (64).
    for (let perPage = 1; perPage <= 70; perPage += 1) await orderHistory(t.ctx, at, { tag: 'late', page: 4, per_page: perPage });
    // A deep page asked again soon after is kept like a first page.
    const again = { tag: 'late', page: 5, per_page: 1 };
    expect(await orderHistory(t.ctx, at, again)).not.toBe(await orderHistory(t.ctx, at, again));
    const keptAgain = await orderHistory(t.ctx, at, again);
    // Asked by two requests at once, a deep page is computed once and kept.
    const together = { tag: 'late', page: 5, per_page: 2 };
    const [one, two] = await Promise.all([orderHistory(t.ctx, at, together), orderHistory(t.ctx, at, together)]);
    expect(two).toBe(one);
    expect(await orderHistory(t.ctx, at, together)).toBe(one);
    const other = await secondInstance(t);
    try {
      // New figures for the deep page's trade (the broker sync), and through the other instance
      // the trade before it leaves the tag: the deep page now starts one trade later.
      const deepTrade = (await log('tag=late&per_page=1&page=4')).data[0]!;
      await sync([{ ...position(Number(deepTrade.position_id.slice(1)), deepTrade.entry_time, deepTrade.exit_time!), netPnl: '-77.5' }]);
      const leaving = (await log('tag=late&per_page=1&page=3')).data[0]!;
      const entry = journal[leaving.position_id]!;
      journal[leaving.position_id] = { playbook: entry.playbook, labels: entry.labels.map((label) => (label === 'Late' ? 'Patient' : label)) };
      const body = { labels: journal[leaving.position_id]!.labels, ...(entry.playbook && { playbook_id: playbooks[entry.playbook] }) };
      const res = await other.call('PUT', `/api/journals/days/${leaving.trade_date}/trades/${leaving.id}`, { token, body });
      expect(res.statusCode, res.body).toBe(200);
      expect(await performanceReport(t.ctx, at as unknown as AuthContext, {})).toBe(report);
      expect(await orderHistory(t.ctx, at, { playbook: playbooks.orb, page: 1, per_page: 2 })).toBe(first);
      expect(await orderHistory(t.ctx, at, again)).toBe(keptAgain);
      // At the revisions read with the token the writes are seen: the sync's trade moved up to
      // page 3 with its new figures, and each page is byte for byte the page read straight from the database.
      expect((await log('tag=late&per_page=1&page=3')).data[0]).toMatchObject({ id: deepTrade.id, net_pnl: '-77.5' });
      for (const asked of ['tag=late&per_page=1&page=3', 'tag=late&per_page=1&page=4', 'tag=late&per_page=2&page=4']) {
        const res = await t.call('GET', `/api/trades/order-history?${asked}`, { token });
        const direct = await uncachedOrderHistory(t.ctx, member.id, OrderHistoryQuery.parse(Object.fromEntries(new URLSearchParams(asked))));
        expect(res.body, asked).toBe(JSON.stringify(z.encode(OrderHistoryResponse, direct)));
      }
    } finally {
      await other.close();
    }
  });

  it("answers a page from the filter's trades kept by one instance right after a write through another", async () => {
    // Instance t lists the filter's trades and keeps them; the writes go through the other
    // instance, whose transactions move the revisions t reads with the next request.
    const other = await secondInstance(t);
    try {
      const orb = `playbook=${playbooks.orb}`;
      const fade = `playbook=${playbooks.fade}`;
      const kept = await pagesOf(orb);
      expect(kept).toEqual(await expected((entry) => entry.playbook === 'orb'));
      await pagesOf(fade);
      // Q9 moves from the orb playbook to fade, a write to the journal alone.
      const q9 = (await log('per_page=50')).data.find((trade) => trade.position_id === 'Q9')!;
      journal.Q9 = { playbook: 'fade', labels: journal.Q9!.labels };
      const body = { labels: journal.Q9.labels, playbook_id: playbooks.fade };
      const res = await other.call('PUT', `/api/journals/days/${q9.trade_date}/trades/${q9.id}`, { token, body });
      expect(res.statusCode, res.body).toBe(200);
      const after = await pagesOf(orb);
      expect(after.total).toBe(kept.total - 1);
      expect(after).toEqual(await expected((entry) => entry.playbook === 'orb'));
      expect(await pagesOf(fade)).toEqual(await expected((entry) => entry.playbook === 'fade'));
      // A trade's entry time re-synced (the trades' revision alone moves): the kept order is not reused.
      await sync([position(9, '2026-02-02T14:00:00.000Z', '2026-02-02T15:00:00.000Z')]);
      expect((await pagesOf(fade)).trades[0]!.position_id).toBe('Q9');
      expect(await pagesOf(fade)).toEqual(await expected((entry) => entry.playbook === 'fade'));
    } finally {
      await other.close();
    }
  });

  it("sends a trade's new figures right after the broker sync changes them, though its JSON was kept", async () => {
    // Instance t keeps the playbook's trades as it sends them; the sync (the worker, another
    // process) writes new figures, moving the trades' revision that t reads with the next request.
    const fade = `playbook=${playbooks.fade}`;
    const kept = await pagesOf(fade);
    const trade = kept.trades[1]!;
    const n = Number(trade.position_id.slice(1));
    await sync([{ ...position(n, trade.entry_time, trade.exit_time!), netPnl: '-123.45' }]);
    const after = await pagesOf(fade);
    expect(after.trades.find((each) => each.id === trade.id)!.net_pnl).toBe('-123.45');
    expect(after).toEqual(await expected((entry) => entry.playbook === 'fade'));
  });

  it("refuses a journal entry on another member's trade, so reading trades through entries stays the member's", async () => {
    const stranger = await signedInMember(t);
    const [trade] = await t.ctx.db.select({ id: trades.id, date: trades.tradeDate }).from(trades).where(eq(trades.userId, member.id)).limit(1);
    const entry = {
      userId: stranger.id,
      date: trade!.date!,
      tradeId: trade!.id,
      context: { session: null, marketCondition: null, news: null },
      emotions: { before: null, during: null, after: null },
      checklist: { planAligned: false, riskManaged: false, scalingRules: false },
      labels: ['Breakout'],
    };
    await expect(t.ctx.db.insert(journalTradeEntries).values(entry)).rejects.toThrow();
    expect((await log('tag=breakout&per_page=50')).meta.total).toBe((await expected(tagged('breakout'))).total);
    const theirs = await t.call('GET', '/api/trades/order-history?tag=breakout', { token: stranger.token });
    expect(theirs.json().meta.total).toBe(0);
  });
});
