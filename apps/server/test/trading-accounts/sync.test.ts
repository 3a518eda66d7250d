import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, LIVE_ACCOUNT, TRADER2_ACCOUNT, TRADER2_EMAIL } from '@th/broker-sim';
import { syncAccountJob } from '../../src/modules/trading-accounts/sync-jobs.ts';
import { brokerTestApp, DAY, START } from './broker-test-kit.ts';

let kit: Awaited<ReturnType<typeof brokerTestApp>>;
beforeAll(async () => {
  kit = await brokerTestApp({
    sim: {
      history: [
        { accountId: DEMO_ACCOUNT.id, count: 150, from: START - 120 * DAY, to: START - 60_000, seed: 7 },
        { accountId: TRADER2_ACCOUNT.id, count: 120, from: START - 60 * DAY, to: START - 60_000, seed: 11 },
      ],
      historyPageSize: 100,
    },
  });
});
afterAll(() => kit.close());

/** The journal's view of one linked account: trade count, net P&L sum, duplicates. */
async function journalOf(userId: string) {
  const [row] = await kit.t.ctx.database.query<{ trades: number; net: string | null; positions: number; gross: string | null }>(
    `select count(*)::int as trades, sum(net_pnl)::text as net, sum(gross_pnl)::text as gross,
            count(distinct broker_position_id)::int as positions
       from trades where user_id = $1 and source = 'linked'`,
    [userId],
  );
  return row!;
}

/** The simulator's own account of the closed positions, summed exactly in cents. */
function brokerTotals(accountId: string) {
  const closed = kit.sim.state.closedPositions(accountId);
  const cents = (field: 'net' | 'realizedPnl') =>
    closed.reduce((sum, p) => sum + BigInt(Math.round(Number(p[field]) * 100)), 0n);
  const text = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
  return { count: closed.length, net: text(cents('net')), gross: text(cents('realizedPnl')) };
}

const accountRow = async (userId: string, brokerId: string) =>
  (
    await kit.t.ctx.database.query<{ id: string; connection: string; balance: string; last_synced_at: Date | null; credentials_enc: string }>(
      'select * from trading_accounts where user_id = $1 and broker_account_id = $2',
      [userId, brokerId],
    )
  )[0]!;

describe('POST /api/trading-accounts/sync', () => {
  it('imports the seeded history exactly, and a re-sync adds nothing', async () => {
    const m = await kit.member();
    await kit.link(m.token, [DEMO_ACCOUNT.id], {}, { [DEMO_ACCOUNT.id]: 'Practice' });
    const broker = brokerTotals(DEMO_ACCOUNT.id);
    expect(broker.count).toBeGreaterThan(100);

    const first = await kit.sync(m.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      synced: [{ id: expect.any(String), name: 'Practice', inserted: broker.count, updated: 0, unchanged: 0 }],
      skipped: [],
      failed: [],
      message: 'Sync complete',
    });
    const journal = await journalOf(m.id);
    expect(journal).toEqual({ trades: broker.count, positions: broker.count, net: broker.net, gross: broker.gross });
    // The broker's lower-case order types are stored by the names the journal shows.
    const types = await kit.t.ctx.database.query<{ type: string }>('select distinct type from trades where user_id = $1 order by type', [m.id]);
    expect(types.map((row) => row.type)).toEqual(['Limit', 'Market']);
    const row = await accountRow(m.id, DEMO_ACCOUNT.id);
    const sim = (await fetch(`${kit.sim.url}/__sim/accounts/${DEMO_ACCOUNT.id}/closed-positions`).then((r) => r.json())) as {
      balance: string;
    };
    expect(Number(row.balance)).toBe(Number(sim.balance));
    expect(row.last_synced_at?.getTime()).toBe(kit.now());

    kit.advance(181_000);
    const again = (await kit.sync(m.token)).json();
    expect(again.synced[0]).toMatchObject({ inserted: 0, updated: 0 });
    expect(await journalOf(m.id)).toEqual(journal);
  });

  it('converges through 20 % injected broker faults with no duplicates and no loss', async () => {
    const m = await kit.member();
    await kit.link(m.token, [TRADER2_ACCOUNT.id], { email: TRADER2_EMAIL });
    kit.sim.setFaults({ serverErrorRate: 0.1, brokerErrorRate: 0.1 });
    try {
      let result: { synced: unknown[]; failed: Array<{ message: string }> } | undefined;
      for (let attempt = 0; attempt < 10 && !result?.synced.length; attempt++) {
        result = (await kit.sync(m.token)).json();
      }
      expect(result!.synced).toHaveLength(1);
      // A second sync under the same faults changes nothing.
      for (let attempt = 0; attempt < 10; attempt++) {
        kit.advance(181_000);
        const again = (await kit.sync(m.token)).json();
        if (again.synced.length) {
          expect(again.synced[0]).toMatchObject({ inserted: 0, updated: 0 });
          break;
        }
      }
    } finally {
      kit.sim.setFaults({ serverErrorRate: 0, brokerErrorRate: 0 });
    }
    const broker = brokerTotals(TRADER2_ACCOUNT.id);
    expect(await journalOf(m.id)).toEqual({ trades: broker.count, positions: broker.count, net: broker.net, gross: broker.gross });
  });

  it('[T122] holds the 180 s cooldown and answers 429 with Retry-After, with or without respect_cooldown=1', async () => {
    const m = await kit.member();
    await kit.link(m.token, [LIVE_ACCOUNT.id]);
    expect((await kit.sync(m.token, true)).statusCode).toBe(200);
    kit.advance(60_000);
    const cooling = await kit.sync(m.token, true);
    expect(cooling.statusCode).toBe(429);
    expect(cooling.headers['retry-after']).toBe('120');
    expect(cooling.json().message).toBe('Please wait 120 seconds before syncing again.');
    // A client leaving the flag out is held to the same cooldown as the SPA.
    expect((await kit.sync(m.token)).statusCode).toBe(429);
    kit.advance(121_000);
    expect((await kit.sync(m.token)).json().synced).toHaveLength(1);
  });

  it('refreshes an expired access token and stores the new one', async () => {
    const m = await kit.member();
    await kit.link(m.token, [LIVE_ACCOUNT.id]);
    const before = await accountRow(m.id, LIVE_ACCOUNT.id);
    kit.advance(2 * 60 * 60_000);
    const res = (await kit.sync(m.token)).json();
    expect(res.failed).toEqual([]);
    expect(res.synced).toHaveLength(1);
    const after = await accountRow(m.id, LIVE_ACCOUNT.id);
    expect(after.credentials_enc).not.toBe(before.credentials_enc);
    expect(after.connection).toBe('healthy');
  });

  it('marks the account needs_relink when the refresh token is dead, and stops calling the broker', async () => {
    const m = await kit.member();
    await kit.link(m.token, [LIVE_ACCOUNT.id]);
    kit.advance(2 * 60 * 60_000);
    kit.sim.setFaults({ failRefresh: true });
    try {
      const res = (await kit.sync(m.token)).json();
      expect(res.synced).toEqual([]);
      expect(res.failed).toEqual([
        { id: expect.any(String), name: LIVE_ACCOUNT.name, message: expect.stringContaining('Link this account again') },
      ]);
      const row = await accountRow(m.id, LIVE_ACCOUNT.id);
      expect(row.connection).toBe('needs_relink');
      const me = (await kit.t.call('GET', '/api/me', { token: m.token })).json().data;
      expect(me.linked_accounts[0].connection).toBe('needs_relink');

      // The background job leaves it alone; the member's sync reports it without a broker call.
      kit.sim.setFaults({ failRefresh: false, expireAccessTokens: true });
      await syncAccountJob.handler(kit.t.ctx, { tradingAccountId: row.id });
      expect((await kit.sync(m.token)).json().failed).toHaveLength(1);
    } finally {
      kit.sim.setFaults({ failRefresh: false, expireAccessTokens: false });
    }
    // Linking again heals it.
    await kit.link(m.token, [LIVE_ACCOUNT.id]);
    kit.advance(181_000);
    expect((await kit.sync(m.token)).json().synced).toHaveLength(1);
  });

  it('skips disabled accounts and keeps their trades; another member sees none of them', async () => {
    const m = await kit.member();
    const linked = (await kit.link(m.token, [DEMO_ACCOUNT.id])).json().data[0];
    await kit.sync(m.token);
    const kept = await journalOf(m.id);
    await kit.t.call('PATCH', `/api/trading-accounts/${linked.id}`, { token: m.token, body: { status: 'disabled' } });
    kit.advance(181_000);
    const res = (await kit.sync(m.token, true)).json();
    expect(res.skipped).toEqual([{ id: linked.id, name: DEMO_ACCOUNT.name, reason: 'disabled' }]);
    expect(await journalOf(m.id)).toEqual(kept);

    const stranger = await kit.member();
    expect((await kit.sync(stranger.token)).json()).toEqual({ synced: [], skipped: [], failed: [], message: 'Sync complete' });
    expect((await journalOf(stranger.id)).trades).toBe(0);
  });

  it('is for members with an active membership, signed in', async () => {
    const suspended = await kit.member({ status: 'suspended' });
    expect((await kit.sync(suspended.token)).statusCode).toBe(403);
    expect((await kit.sync('')).statusCode).toBe(401);
  });
});
