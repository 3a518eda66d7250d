/**
 * Two app instances starting at the same moment on a fresh PostgreSQL database (a deploy, or
 * the two-instance browser test): before pg-boss's start-up took turns, one of them failed
 * with "deadlock detected" in every round (pg-boss creates its schema and queues itself).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { jobs, startJobQueue } from '../../src/jobs/index.ts';
import { createBoss } from '../../src/jobs/queue.ts';
import { admin, POSTGRES_URL, postgresReachable } from './postgres-app.ts';

const reachable = await postgresReachable();
const created: string[] = [];

afterAll(async () => {
  for (const name of created) await admin(`drop database if exists "${name}" with (force)`);
});

async function freshDatabaseUrl(round: number) {
  const name = `th_boot_${process.pid}_${round}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`create database "${name}"`);
  created.push(name);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!reachable)('two instances starting together on a fresh database', () => {
  it('both migrate and start the job queue, every round, and every job has its queue', async () => {
    for (let round = 0; round < 3; round += 1) {
      const url = await freshDatabaseUrl(round);
      const instances: DatabaseHandle[] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
      const bosses = instances.map((database) => createBoss(database, { background: false }));
      try {
        const started = await Promise.allSettled(
          instances.map(async (database, i) => {
            await database.migrate();
            await startJobQueue(database, bosses[i]!);
          }),
        );
        expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
        const queues = await instances[0]!.query<{ name: string }>('select name from pgboss.queue');
        expect(queues.map((q) => q.name).sort()).toEqual(jobs.map((job) => job.name).sort());
      } finally {
        await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true }).catch(() => undefined)));
        await Promise.all(instances.map((database) => database.close()));
      }
    }
  });
});
