import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';

let t: TestApp;
let server: SMTPServer;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
  const port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  t.ctx.mailer = createMailer(t.ctx.config, t.ctx.log);
});
afterAll(async () => {
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
