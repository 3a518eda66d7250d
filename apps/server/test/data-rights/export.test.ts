import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8 } from 'fflate';
import { dataExports, users } from '../../src/db/schema/index.ts';
import { buildExport } from '../../src/modules/data-rights/exports.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipArchive } from '../../src/modules/data-rights/archive.ts';
import { DATA_REGISTRY } from '../../src/modules/data-rights/registry.ts';
import { StaffPermissions } from '@th/contracts';
import { createMember } from '../support/members.ts';
import { multipart } from '../support/multipart.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { seedEverything } from './seed.ts';

let t: TestApp;
let now = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => now, env: { APP_URL: 'https://app.tradershub.test' } });
});
afterAll(() => t.close());

const download = (token: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/me/data-exports/${id}/archive`, headers: { authorization: `Bearer ${token}` } });

describe('download my data', () => {
  it('builds one ZIP of every section, secrets left out, mails a link, and only the member downloads it', async () => {
    const member = await createMember(t.ctx);
    await seedEverything(t.ctx, member.id, member.email);
    const token = await t.login(member.email, member.password);

    const asked = await t.call('POST', '/api/me/data-exports', { token });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().data.id as string;
    expect(asked.json().data).toMatchObject({ status: 'queued', progress: 0, requested_by: 'member' });

    // A second request while one is being prepared is refused.
    const again = await t.call('POST', '/api/me/data-exports', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A copy of this data is already being prepared. You will receive an e-mail when it is ready.');

    // Not ready yet: no archive.
    expect((await download(token, id)).statusCode).toBe(409);

    expect(await t.runJobs('data-rights.export')).toBe(1);
    const listed = await t.call('GET', '/api/me/data-exports', { token });
    expect(listed.json().data[0]).toMatchObject({ id, status: 'ready', progress: 100 });

    const mail = t.mailer.sent.find((m) => m.to === member.email && /ready to download/.test(m.subject));
    expect(mail?.text).toContain(`https://app.tradershub.test/account/data?export=${id}`);

    const res = await download(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipArchive(new Uint8Array(res.rawPayload));
    const text = (name: string) => strFromU8(files[name]!);
    for (const entry of DATA_REGISTRY.filter((e) => e.section)) {
      expect(Object.keys(files), entry.section!).toContain(`${entry.section}.json`);
    }
    // Each member table seeded holds its row in the archive.
    for (const section of ['profile', 'membership', 'linked_accounts', 'trades', 'journal_days', 'trade_notes', 'alphaorb_bots', 'alphaorb_runs', 'alphaorb_run_events', 'alphaorb_orders', 'backtests', 'course_progress', 'calendar_feed', 'live_session_attendance', 'page_views', 'sessions']) {
      expect(JSON.parse(text(`${section}.json`)).length, section).toBeGreaterThan(0);
    }
    const profile = JSON.parse(text('profile.json'))[0];
    expect(profile).toMatchObject({ id: member.id, email: member.email });
    const whole = Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
    for (const secret of ['password_hash', 'sealed-secret-tokens', 'credentials_enc', 'token_hash', 'feed-hash-', 'reset-hash-', '$argon', '$2']) {
      expect(whole.includes(secret), secret).toBe(false);
    }
    expect(JSON.parse(text('trade_notes.json'))[0].notes).toBe('Entered on the retest');
    // The trade's entry time and source copied onto its notes for the trade log are the trade's, not notes.
    expect(Object.keys(JSON.parse(text('trade_notes.json'))[0]).filter((key) => /entry_?time|bot_?trade/i.test(key))).toEqual([]);

    // trades.csv is the trade log's export format: the import reads it back.
    const csv = text('trades.csv');
    expect(csv).toContain('NAS100');
    const preview = await t.call('POST', '/api/trades/import/preview', { token, body: { csv, format: 'auto' } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.rows.length).toBe(1);
  });

  it("answers 404 for another member's archive, and for a missing one", async () => {
    const owner = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const ownerToken = await t.login(owner.email, owner.password);
    const otherToken = await t.login(other.email, other.password);
    const id = (await t.call('POST', '/api/me/data-exports', { token: ownerToken })).json().data.id as string;
    await t.runJobs('data-rights.export');
    expect((await download(ownerToken, id)).statusCode).toBe(200);
    const stolen = await download(otherToken, id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Export not found.');
    expect((await download(otherToken, 'not-an-id')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/me/data-exports/${id}/archive` })).statusCode).toBe(401);
  });

  it('expires the download after seven days and drops the archive', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const id = (await t.call('POST', '/api/me/data-exports', { token })).json().data.id as string;
    await t.runJobs('data-rights.export');
    const start = now;
    now = new Date(start.getTime() + 7 * 86_400_000 + 1000);
    try {
      const late = await download(token, id);
      expect(late.statusCode).toBe(404);
      expect(late.json().message).toBe('This download has expired. Request a new copy of your data.');
      await t.ctx.jobs.send('data-rights.sweep', {});
      await t.runJobs('data-rights.sweep');
      const listed = await t.call('GET', '/api/me/data-exports', { token });
      expect(listed.json().data[0]).toMatchObject({ id, status: 'expired' });
      // A new copy may be asked for.
      expect((await t.call('POST', '/api/me/data-exports', { token })).statusCode).toBe(202);
    } finally {
      now = start;
    }
  });

  it('holds the avatar uploaded through one instance when another instance builds the archive', async () => {
    const mentor = await createMember(t.ctx, { roles: ['mentor'] });
    const mentorToken = await t.login(mentor.email, mentor.password);
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(80, 5)]);
    const form = multipart([{ name: 'file', filename: 'me.png', type: 'image/png', value: PNG }]);
    const xsrf = await t.xsrfToken();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/staff/uploads',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${mentorToken}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().data.url as string;

    const member = await createMember(t.ctx);
    await t.ctx.db.update(users).set({ avatar }).where(eq(users.id, member.id));
    const token = await t.login(member.email, member.password);
    const id = (await t.call('POST', '/api/me/data-exports', { token })).json().data.id as string;
    // The worker that takes the job runs on another machine, with a disk of its own.
    const otherDisk = mkdtempSync(path.join(tmpdir(), 'th-export-other-'));
    const worker = await secondInstance(t, { DATA_DIR: otherDisk });
    try {
      await buildExport(worker.ctx, id);
    } finally {
      await worker.close();
      rmSync(otherDisk, { recursive: true, force: true });
    }
    const files = unzipArchive(new Uint8Array((await download(token, id)).rawPayload));
    const file = files[`uploads/${avatar.slice('/uploads/'.length)}`];
    expect(file && Buffer.from(file).equals(PNG)).toBe(true);
  });

  it('a build stopped midway (worker killed) is done again by the retried job', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const id = (await t.call('POST', '/api/me/data-exports', { token })).json().data.id as string;
    // The worker dies midway (the process is killed): the row says running, the job is retried.
    await t.ctx.db.update(dataExports).set({ status: 'running', progress: 40 }).where(eq(dataExports.id, id));
    const during = await t.call('POST', '/api/me/data-exports', { token });
    expect(during.statusCode).toBe(409);
    await buildExport(t.ctx, id);
    const listed = await t.call('GET', '/api/me/data-exports', { token });
    expect(listed.json().data[0]).toMatchObject({ id, status: 'ready', progress: 100 });
  });

  it('staff export a member with a reason (audited) and download it; members cannot use the staff route', async () => {
    const staff = await createMember(t.ctx, { permissions: [StaffPermissions.access, StaffPermissions.members, StaffPermissions.audit] });
    const member = await createMember(t.ctx);
    const staffToken = await t.login(staff.email, staff.password);
    const memberToken = await t.login(member.email, member.password);
    const url = `/api/staff/members/${member.id}/data-exports`;
    expect((await t.call('POST', url, { token: memberToken, body: { reason: 'x' } })).statusCode).toBe(403);
    const noReason = await t.call('POST', url, { token: staffToken, body: { reason: '' } });
    expect(noReason.statusCode).toBe(422);
    const asked = await t.call('POST', url, { token: staffToken, body: { reason: 'Subject access request by e-mail' } });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().data.id as string;
    await t.runJobs('data-rights.export');
    const res = await t.app.inject({ method: 'GET', url: `${url}/${id}/archive`, headers: { authorization: `Bearer ${staffToken}` } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(unzipArchive(new Uint8Array(res.rawPayload)))).toContain('profile.json');
    const audit = await t.call('GET', `/api/staff/audit?subject_type=member&subject_id=${member.id}`, { token: staffToken });
    const actions = (audit.json().data as Array<{ action: string }>).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['member.data_export_requested', 'member.data_export_downloaded']));
    const view = await t.call('GET', `/api/staff/members/${member.id}/data-rights`, { token: staffToken });
    expect(view.json().data.exports[0]).toMatchObject({ id, requested_by: 'staff', status: 'ready' });
  });
});
