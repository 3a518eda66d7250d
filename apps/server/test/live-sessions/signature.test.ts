import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createSession } from './support.ts';

const SDK_KEY = 'zoom-sdk-key-test';
const SDK_SECRET = 'zoom-sdk-secret-test-0123456789';
const NOW = new Date('2026-03-08T14:00:00Z');

let zoom: TestApp;
let offline: TestApp;
beforeAll(async () => {
  [zoom, offline] = await Promise.all([
    createTestApp({ env: { ZOOM_SDK_KEY: SDK_KEY, ZOOM_SDK_SECRET: SDK_SECRET }, now: () => NOW }),
    createTestApp(),
  ]);
});
afterAll(() => Promise.all([zoom.close(), offline.close()]));

async function memberToken(t: TestApp, options: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t.ctx, options);
  return { ...member, token: await t.login(member.email, member.password) };
}

function decodeJwt(jwt: string) {
  const [header, payload, signature] = jwt.split('.');
  const part = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  return {
    header: part(header!),
    payload: part(payload!),
    signed: `${header}.${payload}`,
    signature: signature!,
  };
}

describe('POST /api/live-sessions/{id}/signature', () => {
  it('signs a Meeting SDK JWT with the SDK secret: HS256, attendee role, 2 h lifetime', async () => {
    const session = await createSession(zoom.ctx, {
      meetingNumber: '841 5209 3317',
      passcode: 'NYopen915',
    });
    const member = await memberToken(zoom);
    const res = await zoom.call('POST', `/api/live-sessions/${session.id}/signature`, {
      token: member.token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      sdkKey: SDK_KEY,
      meetingNumber: '84152093317',
      passcode: 'NYopen915',
      userEmail: member.email,
      userName: expect.stringMatching(/^Test Member\d+$/),
    });

    const jwt = decodeJwt(body.signature);
    expect(jwt.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const expected = createHmac('sha256', SDK_SECRET).update(jwt.signed).digest('base64url');
    expect(jwt.signature).toBe(expected);
    const wrongKey = createHmac('sha256', 'another-secret').update(jwt.signed).digest('base64url');
    expect(jwt.signature).not.toBe(wrongKey);

    const { payload } = jwt;
    expect(payload).toMatchObject({ appKey: SDK_KEY, sdkKey: SDK_KEY, mn: '84152093317', role: 0 });
    expect(payload.iat).toBe(NOW.getTime() / 1000 - 30);
    const lifetime = payload.exp - payload.iat;
    expect(lifetime).toBeGreaterThanOrEqual(30 * 60);
    expect(lifetime).toBeLessThanOrEqual(48 * 60 * 60);
    expect(payload.tokenExp).toBe(payload.exp);
    expect(body.signature).not.toContain(SDK_SECRET);
  });

  it('requires an active membership', async () => {
    const session = await createSession(zoom.ctx);
    expect((await zoom.call('POST', `/api/live-sessions/${session.id}/signature`)).statusCode).toBe(
      401,
    );
    const suspended = await memberToken(zoom, { status: 'suspended' });
    const res = await zoom.call('POST', `/api/live-sessions/${session.id}/signature`, {
      token: suspended.token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your membership is inactive. Update billing to regain access.',
    );
    expect(res.body).not.toContain('signature');
  });

  it('answers unknown, unpublished and malformed ids with 404', async () => {
    const { token } = await memberToken(zoom);
    const draft = await createSession(zoom.ctx, { published: false });
    for (const id of ['7b0c5a4e-0000-4000-8000-000000000000', draft.id, 'not-an-id']) {
      const res = await zoom.call('POST', `/api/live-sessions/${id}/signature`, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Live session not found.');
    }
  });

  it('explains why recaps and sessions without a meeting cannot be joined', async () => {
    const { token } = await memberToken(zoom);
    const recap = await createSession(zoom.ctx, { type: 'recap', meetingNumber: null, days: [] });
    const noMeeting = await createSession(zoom.ctx, { meetingNumber: null });
    const recapRes = await zoom.call('POST', `/api/live-sessions/${recap.id}/signature`, { token });
    expect(recapRes.statusCode).toBe(409);
    expect(recapRes.json().message).toBe(
      'Recap sessions have no live meeting to join. Watch the replays instead.',
    );
    const noMeetingRes = await zoom.call('POST', `/api/live-sessions/${noMeeting.id}/signature`, {
      token,
    });
    expect(noMeetingRes.statusCode).toBe(409);
    expect(noMeetingRes.json().message).toBe(
      'This session has no meeting to join yet. Check back at its next start time.',
    );
  });

  it('without Zoom credentials says how to join from the Zoom app instead', async () => {
    const session = await createSession(offline.ctx, {
      passcode: 'asia2000',
      meetingNumber: '89217745061',
    });
    const { token } = await memberToken(offline);
    const res = await offline.call('POST', `/api/live-sessions/${session.id}/signature`, { token });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message:
        'In Platform streaming is not available right now. Join from the Zoom app with meeting number 89217745061 and passcode asia2000.',
    });
  });
});
