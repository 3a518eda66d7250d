import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: string[] = [];
let connections = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  t.ctx.mailer = createMailer(t.ctx.config, t.ctx.log);
});
afterAll(async () => {
  t.ctx.mailer.close?.();
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('delivers the reset e-mail over SMTP with a working link', async () => {
  const member = await createMember(t.ctx);
  const res = await t.call('POST', '/api/password/remind', { body: { email: member.email } });
  expect(res.statusCode).toBe(200);
  await t.runJobs('auth.password-mail');
  expect(received).toHaveLength(1);
  const mail = received[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(mail).toContain(`To: ${member.email}`);
  expect(mail).toContain('Subject: Reset your Traders Hub password');
  expect(mail).toMatch(/http:\/\/localhost:3000\/password\/reset\/[\w-]+\?email=/);
});

it('keeps its SMTP connections for the next e-mails, unless SMTP_URL says pool=false', async () => {
  const mail = (n: number) => ({ to: `member${n}@example.com`, subject: `Reminder ${n}`, text: 'Starts soon.', html: '<p>Starts soon.</p>' });
  const sendThree = async (url: string) => {
    const mailer = createMailer({ ...t.ctx.config, SMTP_URL: url }, t.ctx.log);
    const before = connections;
    for (const n of [1, 2, 3]) await mailer.send(mail(n));
    mailer.close?.();
    return connections - before;
  };
  expect(await sendThree(`smtp://127.0.0.1:${port}`)).toBe(1);
  expect(await sendThree(`smtp://127.0.0.1:${port}?pool=false`)).toBe(3);
});
