import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The embedded default writes mail to DATA_DIR/outbox. When that cannot be written (a full
 * disk, a broken volume: here a file sits where the folder should be), the reset and invite
 * forms still answer as usual (their mail is queued), the job fails and is retried, and the
 * mail goes out once the outbox is fixed.
 */
let t: TestApp;
let dataDir: string;
const outbox = () => path.join(dataDir, 'outbox');

beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-outbox-fault-'));
  t.ctx.mailer = createMailer(
    { ...t.ctx.config, DATA_DIR: dataDir, SMTP_URL: undefined },
    t.ctx.log,
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const UNAVAILABLE = 'We could not send e-mail right now. Please try again in a few minutes.';
const SENT =
  'If an account exists for that address, we have e-mailed a link to reset its password.';

describe('mail outbox that cannot be written', () => {
  it('keeps answering the forms while the outbox is broken, and delivers once it is writable again', async () => {
    const member = await createMember(t.ctx);
    writeFileSync(outbox(), 'not a folder');

    const res = await t.call('POST', '/api/password/remind', { body: { email: member.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    // The job meets the outage: it fails (pg-boss retries it later) and says why in the log.
    await expect(t.runJobs('auth.password-mail')).rejects.toThrow(UNAVAILABLE);
    // The rest of the product is unaffected.
    const token = await t.login(member.email, member.password);
    expect((await t.call('GET', '/api/me', { token })).statusCode).toBe(200);

    rmSync(outbox());
    const recovered = await t.call('POST', '/api/password/remind', {
      body: { email: member.email },
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(await t.runJobs('auth.password-mail')).toBe(1);
    const files = readdirSync(outbox());
    expect(files).toHaveLength(1);
    // Undo quoted-printable soft line breaks and escapes so the link reads as mailed.
    const mail = readFileSync(path.join(outbox(), files[0]!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toContain(`To: ${member.email}`);

    // Only the link mailed after recovery exists to be used, and it works.
    const link = mail.match(/https?:\/\/\S+\/password\/reset\/[^\s?]+/)?.[0];
    expect(link).toBeDefined();
    const reset = await t.call('POST', '/api/password/reset', {
      body: {
        token: link!.split('/').at(-1),
        email: member.email,
        password: 'Recovered123!',
        password_confirmation: 'Recovered123!',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.login(member.email, 'Recovered123!')).toEqual(expect.any(String));
  });
});
