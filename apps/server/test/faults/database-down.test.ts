import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { admin, createPostgresApp, postgresReachable } from './postgres-app.ts';

/**
 * PostgreSQL going away under load, without touching the machine's server: the test database
 * stops accepting connections and every session on it is terminated (what a restart or a
 * failover looks like from the app), then it comes back. Skipped when no server is reachable.
 */
const reachable = await postgresReachable();

const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

describe.skipIf(!reachable)('database down under a burst of requests', () => {
  let p: Awaited<ReturnType<typeof createPostgresApp>>;
  let token: string;

  beforeAll(async () => {
    p = await createPostgresApp();
    const member = await createMember(p.ctx);
    token = await p.login(member.email, member.password);
  }, 30_000);
  afterAll(async () => {
    await admin(`alter database "${p.name}" allow_connections true`).catch(() => undefined);
    await p?.close();
  });

  const cut = async () => {
    await admin(`alter database "${p.name}" allow_connections false`);
    await admin(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [p.name],
    );
  };
  const restore = () => admin(`alter database "${p.name}" allow_connections true`);

  /** A member's mix: who am I, the trade log, a journal write (each date once). */
  const burst = (size: number, tag: string) =>
    Promise.all(
      Array.from({ length: size }, (_, i) => {
        const date = `2026-02-${String((i % 28) + 1).padStart(2, '0')}`;
        if (i % 3 === 0)
          return p.call('GET', '/api/me', { token }).then((res) => ({ res, date: null }));
        if (i % 3 === 1)
          return p
            .call('GET', '/api/trades/order-history?per_page=50&page=1', { token })
            .then((res) => ({ res, date: null }));
        return p
          .call('PUT', `/api/journals/days/${date}`, {
            token,
            body: { overall_notes: `${tag} ${i}` },
          })
          .then((res) => ({ res, date }));
      }),
    );

  const notes = async (date: string) =>
    (
      await p.ctx.database.query<{ overall_notes: string | null }>(
        'select overall_notes from journal_days where date = $1',
        [date],
      )
    )[0]?.overall_notes ?? null;

  it('answers 503 with a message while the database is gone, writes nothing, and recovers by itself', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await burst(12, 'warm')).every(({ res }) => res.statusCode === 200)).toBe(true);

    await cut();
    const ready = await p.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message: 'The database is not reachable.',
    });
    const liveness = await p.app.inject({ method: 'GET', url: '/healthz' });
    expect(liveness.statusCode).toBe(200);

    const down = await burst(30, 'down');
    for (const { res } of down) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: BRIEFLY_UNAVAILABLE });
    }

    await restore();
    // No restart: the pool opens new connections on the next requests.
    let readyAgain = 503;
    for (let i = 0; i < 50 && readyAgain !== 200; i++) {
      readyAgain = (await p.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (readyAgain !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readyAgain).toBe(200);
    const up = await burst(30, 'up');
    for (const { res } of up) expect(res.statusCode, res.body).toBe(200);
    // Refused writes left nothing behind; accepted ones are all there.
    for (const { date } of up) if (date) expect(await notes(date)).toMatch(/^up /);
  }, 50_000);

  it('never answers 500 when connections are cut while requests are in flight', async () => {
    const inFlight = burst(60, 'flight');
    await new Promise((resolve) => setTimeout(resolve, 15));
    await cut();
    const answers = await inFlight;
    await restore();

    for (const { res } of answers) {
      expect([200, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json()).toEqual({ message: BRIEFLY_UNAVAILABLE });
    }
    // A write that was answered 200 is stored.
    for (const { res, date } of answers)
      if (date && res.statusCode === 200) expect(await notes(date)).toMatch(/^flight /);

    let after = await burst(9, 'after');
    for (let i = 0; i < 20 && !after.every(({ res }) => res.statusCode === 200); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await burst(9, 'after');
    }
    for (const { res } of after) expect(res.statusCode, res.body).toBe(200);
  }, 50_000);
});
