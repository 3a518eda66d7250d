import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADER2_ACCOUNT, TRADER2_EMAIL } from '@th/broker-sim';
import { syncAccountJob } from '../../src/modules/trading-accounts/sync-jobs.ts';
import { brokerTestApp, DAY, START } from '../trading-accounts/broker-test-kit.ts';

/**
 * Trade sync against a TradeLocker that errors, stalls and hangs. Whatever a single sync
 * answers, the journal may only ever hold a subset of the broker's closed positions (never a
 * duplicate), and once the broker behaves, repeated syncs converge to exactly its history.
 */
let kit: Awaited<ReturnType<typeof brokerTestApp>>;
beforeAll(async () => {
  kit = await brokerTestApp({
    sim: {
      history: [
        {
          accountId: TRADER2_ACCOUNT.id,
          count: 160,
          from: START - 90 * DAY,
          to: START - 60_000,
          seed: 23,
        },
      ],
      // Small pages: more broker calls per sync, so more of them meet a fault.
      historyPageSize: 40,
    },
    env: { BROKER_TIMEOUT_MS: '250' },
  });
});
afterAll(() => kit.close());

const UNAVAILABLE = 'TradeLocker did not answer. Sync will try again shortly.';

async function journalOf(userId: string) {
  const [row] = await kit.t.ctx.database.query<{
    rows: number;
    positions: number;
    net: string | null;
  }>(
    `select count(*)::int as rows, count(distinct broker_position_id)::int as positions, sum(net_pnl)::text as net
       from trades where user_id = $1 and source = 'linked'`,
    [userId],
  );
  return row!;
}

function brokerHistory() {
  const closed = kit.sim.state.closedPositions(TRADER2_ACCOUNT.id);
  const cents = closed.reduce((sum, p) => sum + BigInt(Math.round(Number(p.net) * 100)), 0n);
  const abs = cents < 0n ? -cents : cents;
  return {
    count: closed.length,
    net: `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`,
  };
}

type SyncBody = {
  synced: Array<{ inserted: number }>;
  skipped: Array<{ reason: string }>;
  failed: Array<{ message: string }>;
};

describe('trade sync while the broker misbehaves', () => {
  it('answers every sync cleanly under faults, never duplicates, and converges to the broker history', async () => {
    const m = await kit.member();
    expect(
      (await kit.link(m.token, [TRADER2_ACCOUNT.id], { email: TRADER2_EMAIL })).statusCode,
    ).toBe(200);
    const broker = brokerHistory();
    expect(broker.count).toBeGreaterThan(100);

    // The client retries safe reads five times: the rates are high enough for whole syncs to fail.
    kit.sim.setFaults({
      serverErrorRate: 0.35,
      brokerErrorRate: 0.2,
      hangRate: 0.05,
      latencyMs: 5,
    });
    const outcomes: string[] = [];
    try {
      for (let attempt = 0; attempt < 8; attempt++) {
        // Past the 180 s cooldown: every attempt reaches the broker.
        kit.advance(181_000);
        const res = await kit.sync(m.token);
        // A failing broker is the member's news, not a server error.
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<SyncBody>();
        if (body.failed.length) {
          expect(body.failed).toEqual([expect.objectContaining({ message: UNAVAILABLE })]);
          outcomes.push('failed');
        } else {
          outcomes.push(body.synced.length ? 'synced' : `skipped:${body.skipped[0]?.reason}`);
        }
        const journal = await journalOf(m.id);
        expect(journal.rows).toBe(journal.positions);
        expect(journal.rows).toBeLessThanOrEqual(broker.count);
      }
    } finally {
      kit.sim.setFaults({ serverErrorRate: 0, brokerErrorRate: 0, hangRate: 0, latencyMs: 0 });
    }
    // Seeded dice: the faults did bite at least once, or the test proves nothing.
    expect(outcomes).toContain('failed');

    kit.advance(181_000);
    const healed = (await kit.sync(m.token)).json<SyncBody>();
    expect(healed.failed).toEqual([]);
    expect(await journalOf(m.id)).toEqual({
      rows: broker.count,
      positions: broker.count,
      net: broker.net,
    });

    kit.advance(181_000);
    const again = (await kit.sync(m.token)).json<SyncBody>();
    expect(again.synced).toEqual([expect.objectContaining({ inserted: 0, updated: 0 })]);
    expect((await journalOf(m.id)).rows).toBe(broker.count);
  }, 55_000);

  it('lets only one of several simultaneous syncs of an account write, even under faults', async () => {
    const m = await kit.member();
    await kit.link(m.token, [TRADER2_ACCOUNT.id], { email: TRADER2_EMAIL });
    const broker = brokerHistory();
    kit.sim.setFaults({ serverErrorRate: 0.1, latencyMs: 10 });
    try {
      const answers = await Promise.all([1, 2, 3, 4].map(() => kit.sync(m.token)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const journal = await journalOf(m.id);
      expect(journal.rows).toBe(journal.positions);
    } finally {
      kit.sim.setFaults({ serverErrorRate: 0, latencyMs: 0 });
    }
    for (let i = 0; i < 3 && (await journalOf(m.id)).rows < broker.count; i++) {
      kit.advance(1_000);
      await kit.sync(m.token);
    }
    expect(await journalOf(m.id)).toEqual({
      rows: broker.count,
      positions: broker.count,
      net: broker.net,
    });
  }, 55_000);

  it('takes over from a worker killed mid-sync once its lease runs out, without double-writing', async () => {
    const m = await kit.member();
    await kit.link(m.token, [TRADER2_ACCOUNT.id], { email: TRADER2_EMAIL });
    const broker = brokerHistory();
    const [account] = await kit.t.ctx.database.query<{ id: string }>(
      'select id from trading_accounts where user_id = $1',
      [m.id],
    );
    // What a killed worker leaves behind: its five-minute sync lease, taken a moment ago.
    await kit.t.ctx.database.query(
      `insert into trading_account_syncs (trading_account_id, user_id, lease_until) values ($1, $2, $3)
       on conflict (trading_account_id) do update set lease_until = excluded.lease_until`,
      [account!.id, m.id, new Date(kit.now() + 5 * 60_000)],
    );

    const blocked = (await kit.sync(m.token)).json<SyncBody>();
    expect(blocked.skipped).toEqual([expect.objectContaining({ reason: 'in_progress' })]);
    expect((await journalOf(m.id)).rows).toBe(0);

    kit.advance(5 * 60_000 + 1_000);
    await syncAccountJob.handler(kit.t.ctx, { tradingAccountId: account!.id });
    expect(await journalOf(m.id)).toEqual({
      rows: broker.count,
      positions: broker.count,
      net: broker.net,
    });
    // The member's own next sync (after the cooldown the job's sync started) finds nothing new.
    kit.advance(181_000);
    expect((await kit.sync(m.token)).json<SyncBody>().synced).toEqual([
      expect.objectContaining({ inserted: 0 }),
    ]);
  }, 30_000);
});
