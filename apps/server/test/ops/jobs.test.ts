/**
 * Jobs as their definitions say (issue #21, item 3). A job's retry limit reaches pg-boss: before,
 * queues were created without options, so jobs defined with no retries (the AlphaORB runner,
 * account syncs, the market-events fetch) were retried twice by pg-boss's default. And a payload
 * is checked against its job's schema when it is sent.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { jobs } from '../../src/jobs/index.ts';
import type { JobSendOptions } from '../../src/jobs/queue.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('job queues', () => {
  it("are created with each job's own retry policy", async () => {
    expect(jobs.length).toBeGreaterThan(8);
    for (const job of jobs) {
      const queue = await t.boss.getQueue(job.name);
      expect({ name: job.name, retryLimit: queue?.retryLimit }).toEqual({ name: job.name, retryLimit: job.retryLimit });
    }
    // The password mail rides out a mail outage: 30 s, then doubling, on the queue itself.
    const mail = await t.boss.getQueue('auth.password-mail');
    expect(mail).toMatchObject({ retryLimit: 5, retryDelay: 30, retryBackoff: true });
  });

  it('take the retry policy from the queue, which a sender cannot override', async () => {
    const asked = await t.call('POST', '/api/password/remind', { body: { email: 'nobody@example.com' } });
    expect(asked.statusCode).toBe(200);
    const [job] = await t.fetchJobs('auth.password-mail', { includeMetadata: true });
    expect(job).toMatchObject({ retryLimit: 5, retryDelay: 30, retryBackoff: true });
    await t.boss.complete('auth.password-mail', job!.id);
    // Checked when compiled (npm run typecheck): retry options are not among what a send may set.
    expectTypeOf<JobSendOptions>().not.toHaveProperty('retryLimit');
    expectTypeOf<JobSendOptions>().toHaveProperty('singletonKey');
  });

  it('do not retry a job defined with no retries when it fails', async () => {
    const runner = jobs.find((job) => job.name === 'alphaorb.runner')!;
    expect(runner.retryLimit).toBe(0);
    const id = await t.boss.send(runner.name, {});
    const [job] = await t.fetchJobs(runner.name);
    expect(job?.id).toBe(id);
    await t.boss.fail(runner.name, id!, { message: 'broker down' });
    const after = await t.boss.getJobById(runner.name, id!);
    expect(after?.state).toBe('failed');
    expect(after?.retryLimit).toBe(0);
  });

  it('refuses a payload its job does not take, at enqueue, and queues nothing', async () => {
    const send = t.ctx.jobs.send as (name: string, data: unknown) => Promise<string | null>;
    await expect(send('backtests.run', { id: 5 })).rejects.toThrow();
    await expect(send('no.such.job', {})).rejects.toThrow('No job is named no.such.job.');
    expect(await t.fetchJobs('backtests.run')).toEqual([]);
  });

  it('are taken by a run straight after they are queued, within the same database millisecond', async () => {
    // pg-boss takes a job only once its start time is strictly before now(), and the embedded
    // database's clock ticks in whole milliseconds: a run in the millisecond the job was queued
    // found nothing (a flaky "No link mailed" in CI).
    for (let i = 0; i < 40; i += 1) {
      await t.call('POST', '/api/password/remind', { body: { email: `nobody${i}@example.com` } });
      expect(await t.runJobs('auth.password-mail')).toBe(1);
    }
  });
});
