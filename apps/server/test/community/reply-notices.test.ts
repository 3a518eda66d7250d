import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let author: Signed;
let replier: Signed;
let third: Signed;
let mentor: Signed;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedCommunity(t.ctx);
  [author, replier, third, mentor] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t), signedInMember(t, { roles: ['mentor'] })]);
});
afterAll(() => t.close());
// Each test starts a fresh posting window (10 posts a minute per member).
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

const postIn = async (member: Signed, html: string, parentId: number | null = null) => {
  const res = await t.call('POST', '/api/community/channels/general/posts', { token: member.token, body: { body_html: html, parent_id: parentId } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: number }).id;
};
type Notice = { kind: string; title: string; body: string; link: string | null };
const noticesOf = async (member: Signed) =>
  ((await t.call('GET', '/api/notifications', { token: member.token })).json().data as Notice[]).filter((n) => n.kind === 'community');

describe('reply notices', () => {
  it("tell the thread's author who replied, where, and how the reply starts; never the replier", async () => {
    const thread = await postIn(author, '<p>Took the ORB long on NAS100, stopped at 1R.</p>');
    await postIn(replier, `<p>Your stop sat inside the range.</p><p>${'Wait for the retest. '.repeat(10)}</p>`, thread);

    const notices = await noticesOf(author);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: expect.stringMatching(/^Test Member\d+ replied to you in #General$/), link: '/community/general' });
    expect(notices[0]!.body.startsWith('Your stop sat inside the range. Wait for the retest.')).toBe(true);
    expect(notices[0]!.body).toHaveLength(140);
    expect(notices[0]!.body.endsWith('…')).toBe(true);
    expect(await noticesOf(replier)).toHaveLength(0);
  });

  it("answering a reply tells that reply's author and the thread's, once each; replying to yourself tells no one", async () => {
    const thread = await postIn(author, '<p>Gold London session plan</p>');
    const reply = await postIn(replier, '<p>Same plan here.</p>', thread);
    const before = { author: (await noticesOf(author)).length, replier: (await noticesOf(replier)).length };

    await postIn(mentor, '<p>Mind the 08:30 news.</p>', reply);
    expect(await noticesOf(author)).toHaveLength(before.author + 1);
    expect(await noticesOf(replier)).toHaveLength(before.replier + 1);
    expect((await noticesOf(replier)).at(0)!.title).toMatch(/^Test Member\d+ replied to you in #General$/);

    await postIn(author, '<p>Thanks both.</p>', thread);
    expect(await noticesOf(author)).toHaveLength(before.author + 1);
  });

  it('skip a member suspended from the community', async () => {
    const thread = await postIn(third, '<p>Question about cool-downs</p>');
    await postIn(replier, '<p>Two losses, then a break.</p>', thread);
    expect(await noticesOf(third)).toHaveLength(1);
    const suspend = await t.call('POST', `/api/community/restrictions/${third.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: 'Spam' } });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await postIn(replier, '<p>And a walk.</p>', thread);
    expect(await noticesOf(third)).toHaveLength(1);
  });
});
