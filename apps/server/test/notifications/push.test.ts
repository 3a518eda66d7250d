import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationDeliveries, pushSubscriptions, users, webPushKeys } from '../../src/db/schema/index.ts';
import { decrypt } from '../../src/lib/secrets.ts';
import { deliverDueNotifications } from '../../src/modules/notifications/delivery.ts';
import { notify } from '../../src/modules/notifications/index.ts';
import { vapidDetails } from '../../src/modules/notifications/vapid.ts';
import { createMember, signedInMember } from '../support/members.ts';
import { captureMailer, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Web push against a fake push service: a local HTTP server standing in for FCM or Mozilla's
 * autopush. Each test browser is a real P-256 key pair, so the test decrypts what the server sent
 * exactly as the browser would (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292).
 */
let now = new Date('2026-01-06T15:00:00Z');
let t: TestApp;
let service: Server;
let base = '';
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
/** Answers the fake gives per path, in turn; 201 when none is queued. */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  t = await createTestApp({ now: () => now, mailer: captureMailer() });
  service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path)?.shift() ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
  await t.close();
});
beforeEach(async () => {
  // Each test reads only its own members: earlier ones are suspended out of the audience.
  await t.ctx.db.update(users).set({ status: 'suspended' });
  received.length = 0;
  answers.clear();
  now = new Date('2026-01-06T15:00:00Z');
});

/** A browser: its key pair and auth secret, and the subscription body it would send. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${base}/push/${name}-${randomBytes(4).toString('hex')}`;
  return {
    ecdh,
    auth,
    endpoint,
    path: new URL(endpoint).pathname,
    body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}
type Browser = ReturnType<typeof browser>;

/** What the browser's push client does with an aes128gcm message (RFC 8188 and 8291). */
function decryptAsBrowser(device: Browser, body: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const sealed = body.subarray(21 + idLength);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')) as Record<string, string>;
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service would; answers the JWT's claims. */
function verifiedVapid(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '');
  expect(match, headers.authorization).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

const subscribe = (token: string, body: unknown) => t.call('POST', '/api/notifications/push/subscriptions', { token, body });
const devicesOf = (userId: string) => t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const pushesOf = (userId: string) =>
  t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId)).then((rows) => rows.filter((r) => r.channel === 'push'));
const sentTo = (device: Browser) => received.filter((r) => r.path === device.path);
const event = (eventKey: string, userIds: string[]) => ({
  userIds,
  kind: 'risk' as const,
  eventKey,
  title: 'Daily loss limit reached',
  body: 'Trading on Demo 1 is locked until tomorrow.',
  link: '/risk',
  facts: { account: 'Demo 1', reason: 'Max daily loss of $500.00 reached (-$512.40).', lockedUntil: '2026-01-07T05:00:00.000Z' },
});

describe('the VAPID key pair', () => {
  it('is generated once and kept, the private key encrypted, and every instance serves the same public key', async () => {
    const member = await signedInMember(t);
    const first = await t.call('GET', '/api/notifications/push/public-key', { token: member.token });
    expect(first.statusCode).toBe(200);
    const publicKey = first.json().public_key as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await t.call('GET', '/api/notifications/push/public-key', { token: member.token })).json().public_key).toBe(publicKey);
    // A second instance on the same database signs with the same pair.
    const second = await vapidDetails({ ...t.ctx });
    expect(second.publicKey).toBe(publicKey);
    const [row] = await t.ctx.db.select().from(webPushKeys);
    expect(row!.privateKeyEnc).not.toContain(second.privateKey);
    expect(decrypt(t.ctx.config.appKey, row!.privateKeyEnc)).toBe(second.privateKey);
    expect((await t.call('GET', '/api/notifications/push/public-key')).statusCode).toBe(401);
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const configured = { VAPID_PUBLIC_KEY: browser('k').body.keys.p256dh, VAPID_PRIVATE_KEY: randomBytes(32).toString('base64url') };
    const details = await vapidDetails({ ...t.ctx, config: { ...t.ctx.config, ...configured, VAPID_SUBJECT: 'mailto:ops@example.com' } });
    expect(details).toEqual({ subject: 'mailto:ops@example.com', publicKey: configured.VAPID_PUBLIC_KEY, privateKey: configured.VAPID_PRIVATE_KEY });
  });
});

describe('push subscriptions', () => {
  it('a member subscribes several devices; the same browser again is one device; another member cannot remove it', async () => {
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const phone = browser('phone');
    const laptop = browser('laptop');
    const added = await subscribe(member.token, phone.body);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ endpoint: phone.endpoint });
    expect((await subscribe(member.token, laptop.body)).statusCode).toBe(201);
    expect((await subscribe(member.token, phone.body)).statusCode).toBe(201);
    expect((await devicesOf(member.id)).map((d) => d.endpoint).sort()).toEqual([laptop.endpoint, phone.endpoint].sort());

    const foreign = await t.call('DELETE', '/api/notifications/push/subscriptions', { token: other.token, body: { endpoint: phone.endpoint } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Push subscription not found.');
    expect(await devicesOf(member.id)).toHaveLength(2);
    const removed = await t.call('DELETE', '/api/notifications/push/subscriptions', { token: member.token, body: { endpoint: phone.endpoint } });
    expect(removed.json()).toEqual({ message: 'Push notifications are off on this device.' });
    expect((await devicesOf(member.id)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);

    // Signed in as someone else in the same browser: the device is theirs now.
    expect((await subscribe(other.token, laptop.body)).statusCode).toBe(201);
    expect(await devicesOf(member.id)).toHaveLength(0);
    expect(await devicesOf(other.id)).toHaveLength(1);
  });

  it('refuses what is not a push subscription, with 422 on the field', async () => {
    const member = await signedInMember(t);
    const good = browser('check').body;
    const plain = await subscribe(member.token, { ...good, endpoint: 'http://push.example.com/abc' });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors.endpoint).toEqual(['The push endpoint must be an https address.']);
    const long = await subscribe(member.token, { ...good, endpoint: `https://push.example.com/${'a'.repeat(2048)}` });
    expect(long.json().errors.endpoint).toEqual(['The push endpoint must be at most 2048 characters.']);
    const key = await subscribe(member.token, { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } });
    expect(key.json().errors['keys.p256dh']).toEqual(['The p256dh key must be a P-256 public key in base64url.']);
    const auth = await subscribe(member.token, { ...good, keys: { ...good.keys, auth: 'short' } });
    expect(auth.json().errors['keys.auth']).toEqual(['The auth secret must be 16 bytes in base64url.']);
    const huge = await subscribe(member.token, { ...good, padding: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    expect(await devicesOf(member.id)).toHaveLength(0);
  });
});

describe('push delivery', () => {
  it('sends each device one encrypted, VAPID-signed push with a TTL, which the browser decrypts to the title, body and link', async () => {
    const member = await signedInMember(t);
    const phone = browser('phone');
    const laptop = browser('laptop');
    await subscribe(member.token, phone.body);
    await subscribe(member.token, laptop.body);
    const publicKey = (await t.call('GET', '/api/notifications/push/public-key', { token: member.token })).json().public_key as string;

    expect(await notify(t.ctx, event('lock:1', [member.id]))).toMatchObject({ inApp: 1, pushes: 1 });
    await deliverDueNotifications(t.ctx);
    for (const device of [phone, laptop]) {
      const [push] = sentTo(device);
      expect(sentTo(device)).toHaveLength(1);
      expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
      expect(push!.body.toString('latin1')).not.toContain('Daily loss limit');
      const claims = verifiedVapid(push!.headers, publicKey);
      expect(claims.aud).toBe(base);
      expect(claims.sub).toBe(`mailto:${t.ctx.config.SUPPORT_EMAIL}`);
      expect(decryptAsBrowser(device, push!.body)).toEqual({
        title: 'Daily loss limit reached',
        body: 'Trading on Demo 1 is locked until tomorrow.',
        url: `${t.ctx.config.APP_URL}/risk`,
        tag: 'risk:lock:1',
      });
    }
    expect(await pushesOf(member.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    // Once per member and event: the same event again, or the worker again, sends nothing more.
    expect(await notify(t.ctx, event('lock:1', [member.id]))).toEqual({ inApp: 0, emails: 0, pushes: 0 });
    expect(await deliverDueNotifications(t.ctx)).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('removes a device whose push service answers 410 or 404 (the endpoint is gone)', async () => {
    const member = await signedInMember(t);
    const revoked = browser('revoked');
    const unknown = browser('unknown');
    const kept = browser('kept');
    for (const device of [revoked, unknown, kept]) await subscribe(member.token, device.body);
    answers.set(revoked.path, [410]);
    answers.set(unknown.path, [404]);
    await notify(t.ctx, event('lock:2', [member.id]));
    await deliverDueNotifications(t.ctx);
    expect((await devicesOf(member.id)).map((d) => d.endpoint)).toEqual([kept.endpoint]);
    expect(await pushesOf(member.id)).toMatchObject([{ status: 'sent' }]);

    // With no device left, the next event has no push to send.
    answers.set(kept.path, [410]);
    await notify(t.ctx, event('lock:3', [member.id]));
    await deliverDueNotifications(t.ctx);
    expect(await devicesOf(member.id)).toHaveLength(0);
    expect((await pushesOf(member.id)).find((p) => p.eventKey === 'lock:3')).toMatchObject({ status: 'skipped', lastError: 'No device has push on.' });
    expect(await notify(t.ctx, event('lock:4', [member.id]))).toMatchObject({ inApp: 1, pushes: 0 });
  });

  it('retries a push the service refused with 500 after the backoff, only to the device that missed it', async () => {
    const member = await signedInMember(t);
    const steady = browser('steady');
    const flaky = browser('flaky');
    await subscribe(member.token, steady.body);
    await subscribe(member.token, flaky.body);
    answers.set(flaky.path, [500, 503]);
    await notify(t.ctx, event('lock:5', [member.id]));
    await deliverDueNotifications(t.ctx);
    let [push] = await pushesOf(member.id);
    expect(push).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The push service answered 500.' });
    expect(push!.dueAt.getTime() - now.getTime()).toBe(30_000);
    // Not before the backoff.
    expect(await deliverDueNotifications(t.ctx)).toBe(0);
    expect(sentTo(flaky)).toHaveLength(1);
    now = new Date(now.getTime() + 31_000);
    await deliverDueNotifications(t.ctx);
    [push] = await pushesOf(member.id);
    expect(push).toMatchObject({ status: 'pending', attempts: 2, lastError: 'The push service answered 503.' });
    now = new Date(now.getTime() + 61_000);
    expect(await deliverDueNotifications(t.ctx)).toBe(1);
    [push] = await pushesOf(member.id);
    expect(push).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sentTo(flaky)).toHaveLength(3);
    expect(sentTo(steady)).toHaveLength(1);
    expect(await devicesOf(member.id)).toHaveLength(2);
  });

  it('follows the per-kind Push preference, quiet hours and suspension', async () => {
    const pushOff = await signedInMember(t);
    const quiet = await signedInMember(t);
    const suspended = await signedInMember(t);
    const devices = { pushOff: browser('off'), quiet: browser('quiet'), suspended: browser('suspended') };
    await subscribe(pushOff.token, devices.pushOff.body);
    await subscribe(quiet.token, devices.quiet.body);
    await subscribe(suspended.token, devices.suspended.body);
    const preferences = (token: string, body: Record<string, unknown>) =>
      t.call('PUT', '/api/notifications/preferences', {
        token,
        body: { kinds: [], session_reminder_minutes: 15, quiet_hours_start: null, quiet_hours_end: null, ...body },
      });
    const off = await preferences(pushOff.token, { kinds: [{ kind: 'risk', in_app: true, email: true, push: false }] });
    expect(off.json().data.kinds).toContainEqual({ kind: 'risk', in_app: true, email: true, push: false });
    expect((await t.call('GET', '/api/notifications/preferences', { token: pushOff.token })).json().data.kinds).toContainEqual({
      kind: 'risk',
      in_app: true,
      email: true,
      push: false,
    });
    // 10:00 in Toronto; quiet until 11:00.
    await preferences(quiet.token, { quiet_hours_start: '09:00', quiet_hours_end: '11:00' });

    await notify(t.ctx, event('lock:6', [pushOff.id, quiet.id, suspended.id]));
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    await deliverDueNotifications(t.ctx);
    expect(await pushesOf(pushOff.id)).toHaveLength(0);
    expect(received).toHaveLength(0);
    expect(await pushesOf(suspended.id)).toMatchObject([{ status: 'skipped', lastError: 'The member is suspended.' }]);
    expect(t.mailer.sent.filter((m) => m.to === pushOff.email)).toHaveLength(1);

    now = new Date('2026-01-06T16:00:30Z');
    await deliverDueNotifications(t.ctx);
    expect(received.map((r) => r.path)).toEqual([devices.quiet.path]);
    // A member suspended before the event gets nothing queued at all.
    await notify(t.ctx, event('lock:7', [suspended.id]));
    expect((await pushesOf(suspended.id)).filter((p) => p.eventKey === 'lock:7')).toHaveLength(0);
  });

  it('queues no push for a member with no device', async () => {
    const member = await createMember(t.ctx);
    expect(await notify(t.ctx, event('lock:8', [member.id]))).toMatchObject({ inApp: 1, pushes: 0 });
    expect(await pushesOf(member.id)).toHaveLength(0);
  });
});
