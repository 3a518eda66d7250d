import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { pruneFeedEvents } from '../../src/modules/community/jobs.ts';
import { auditLog, communityFeedEvents } from '../../src/db/schema/index.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let author: Signed;
let reporter: Signed;
let bystander: Signed;
let mentor: Signed;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedCommunity(t.ctx);
  [author, reporter, bystander, mentor] = await Promise.all([
    signedInMember(t),
    signedInMember(t),
    signedInMember(t),
    signedInMember(t, { roles: ['mentor'] }),
  ]);
});
afterAll(() => t.close());
// Each test starts a fresh posting window (10 posts a minute per member).
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

type Post = { id: number; body_html: string; hidden: boolean };
const post = (token: string, slug: string, body: Record<string, unknown>) => t.call('POST', `/api/community/channels/${slug}/posts`, { token, body });
const newPost = async (token: string, text: string, parentId?: number) => (await post(token, 'general', { body_html: `<p>${text}</p>`, parent_id: parentId ?? null })).json().data as Post;
const pageOf = async (token: string, slug = 'general') => (await t.call('GET', `/api/community/channels/${slug}/posts`, { token })).json().data as { posts: Post[]; pinned: Post[] };
const report = (token: string, postId: number, body: Record<string, unknown> = { reason: 'spam', note: '' }) =>
  t.call('POST', `/api/community/posts/${postId}/reports`, { token, body });
const hide = (token: string, postId: number, hidden = true) => t.call('PUT', `/api/community/posts/${postId}/hidden`, { token, body: { hidden } });
const queue = async (view = 'open') =>
  (await t.call('GET', `/api/community/reports?view=${view}`, { token: mentor.token })).json().data as Array<{
    post: { id: number; hidden: boolean };
    channel: { slug: string };
    author: { id: string };
    reports: Array<{ reporter: { id: string }; reason: string; note: string }>;
  }>;
const unreadIn = async (token: string, slug = 'general') =>
  ((await t.call('GET', '/api/community/channels', { token })).json().data as Array<{ slug: string; unread_count: number }>).find((c) => c.slug === slug)!.unread_count;
const auditOf = (subjectId: string, action: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));

/**
 * The general channel's live feed as one member's browser reads it: `until` reads until the
 * text holds `expected` (or 5 s pass) and answers all read so far. The app listens once per file.
 */
async function openFeed(token: string, signal: AbortSignal) {
  const bound = t.app.server.address();
  const address = bound && typeof bound === 'object' ? `http://127.0.0.1:${bound.port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${address}/api/community/channels/general/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const until = async (expected: string) => {
    const deadline = Date.now() + 5_000;
    while (!text.includes(expected) && Date.now() < deadline) text += (await reader.read()).value ?? '';
    return text;
  };
  return { until };
}

describe('reporting posts', () => {
  it('takes a report with a reason and note once per member, and refuses a second report and reports of your own post', async () => {
    const target = await newPost(author.token, 'Guaranteed 100% wins, DM me');
    const first = await report(reporter.token, target.id, { reason: 'spam', note: 'Selling signals.' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Thanks: staff will review this post.');

    const again = await report(reporter.token, target.id, { reason: 'harassment', note: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this post. Staff will review it.');

    const own = await report(author.token, target.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot report your own post.');

    const badReason = await report(bystander.token, target.id, { reason: 'boring', note: '' });
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors.reason).toEqual(['Choose a reason for the report.']);

    const reply = await newPost(bystander.token, 'Reported too', target.id);
    expect((await report(reporter.token, reply.id, { reason: 'off_topic', note: '' })).json().message).toBe('Thanks: staff will review this reply.');

    const item = (await queue()).find((entry) => entry.post.id === target.id)!;
    expect(item).toMatchObject({ channel: { slug: 'general' }, author: { id: author.id } });
    expect(item.reports).toEqual([expect.objectContaining({ reporter: expect.objectContaining({ id: reporter.id }), reason: 'spam', note: 'Selling signals.' })]);
  });

  it('shows the reports queue and moderation actions to staff only', async () => {
    const target = await newPost(author.token, 'Members cannot moderate this');
    await report(reporter.token, target.id);
    expect((await t.call('GET', '/api/community/reports', { token: reporter.token })).statusCode).toBe(403);
    expect((await hide(reporter.token, target.id)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/community/posts/${target.id}/reports/dismiss`, { token: reporter.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/community/restrictions', { token: reporter.token })).statusCode).toBe(403);
    const mute = await t.call('POST', `/api/community/restrictions/${author.id}`, { token: reporter.token, body: { kind: 'muted', hours: 24, reason: '' } });
    expect(mute.statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/community/restrictions/${author.id}/muted`, { token: reporter.token })).statusCode).toBe(403);
    expect((await pageOf(bystander.token)).posts.map((p) => p.id)).toContain(target.id);
  });
});

describe('hiding posts', () => {
  it('removes a hidden post from members’ channel page, replies and unread count; its author sees it marked hidden', async () => {
    await t.call('POST', '/api/community/channels/general/read', { token: bystander.token });
    const target = await newPost(author.token, 'Pump and dump incoming');
    const reply = await newPost(reporter.token, 'Under a post that goes', target.id);
    expect(await unreadIn(bystander.token)).toBe(2);
    await report(reporter.token, target.id, { reason: 'misleading', note: '' });

    const hidden = await hide(mentor.token, target.id);
    expect(hidden.json()).toEqual({ message: 'The post is hidden from members.' });

    expect((await pageOf(bystander.token)).posts.map((p) => p.id)).not.toContain(target.id);
    expect((await t.call('GET', `/api/community/posts/${target.id}/replies`, { token: bystander.token })).statusCode).toBe(404);
    expect(await unreadIn(bystander.token)).toBe(0);
    expect((await t.call('POST', `/api/community/posts/${target.id}/reactions`, { token: bystander.token, body: { reaction: 'fire' } })).statusCode).toBe(404);
    expect((await post(bystander.token, 'general', { body_html: '<p>Reply</p>', parent_id: target.id })).statusCode).toBe(422);

    const own = (await pageOf(author.token)).posts.find((p) => p.id === target.id);
    expect(own).toMatchObject({ hidden: true });
    const staffView = (await pageOf(mentor.token)).posts.find((p) => p.id === target.id);
    expect(staffView).toMatchObject({ hidden: true });
    const replies = (await t.call('GET', `/api/community/posts/${target.id}/replies`, { token: author.token })).json().data as Post[];
    expect(replies.map((p) => p.id)).toEqual([reply.id]);

    // Hiding resolved the open report: the post left the queue for the hidden list.
    expect((await queue()).map((entry) => entry.post.id)).not.toContain(target.id);
    expect((await queue('hidden')).find((entry) => entry.post.id === target.id)).toMatchObject({ post: { hidden: true }, reports: [expect.objectContaining({ reason: 'misleading' })] });

    const [entry] = await auditOf(String(target.id), 'community.post.hidden');
    expect(entry).toMatchObject({ actorId: mentor.id, subjectType: 'community_post' });
    expect(entry!.after).toMatchObject({ hidden: true, author_id: author.id, reports_resolved: 1 });

    expect((await hide(mentor.token, target.id, false)).json()).toEqual({ message: 'The post is visible again.' });
    expect((await pageOf(bystander.token)).posts.map((p) => p.id)).toContain(target.id);
    expect(await auditOf(String(target.id), 'community.post.unhidden')).toHaveLength(1);
  });

  it('hides a reply on its own, and keeps the thread', async () => {
    const root = await newPost(author.token, 'A fair question');
    const rude = await newPost(reporter.token, 'A rude answer', root.id);
    await newPost(bystander.token, 'A kind answer', root.id);
    await hide(mentor.token, rude.id);
    const replies = (await t.call('GET', `/api/community/posts/${root.id}/replies`, { token: bystander.token })).json().data as Post[];
    expect(replies.map((p) => p.body_html)).toEqual(['<p>A kind answer</p>']);
    expect((await pageOf(bystander.token)).posts.find((p) => p.id === root.id)).toMatchObject({ reply_count: 1 });
    expect((await pageOf(reporter.token)).posts.find((p) => p.id === root.id)).toMatchObject({ reply_count: 2 });
  });

  it('leaves hidden posts and replies under them out of a member’s live feed', async () => {
    const target = await newPost(author.token, 'Hidden before anyone replies');
    await hide(mentor.token, target.id);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/community/channels/general/events`, { headers: { authorization: `Bearer ${bystander.token}` }, signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The author replies under the hidden post (only they and staff see it), then someone posts openly.
    const hiddenReply = await newPost(author.token, 'Replying under my hidden post', target.id);
    const open = await newPost(reporter.token, 'An open post');
    let text = '';
    const deadline = Date.now() + 5_000;
    while (!text.includes(`"id":${open.id}`) && Date.now() < deadline) text += (await reader.read()).value ?? '';
    controller.abort();
    expect(text).toContain(`"id":${open.id}`);
    expect(text).not.toContain(`"id":${hiddenReply.id}`);
  });

  it('tells the channel’s open screens when a moderator hides a post or reply, and when it is shown again', async () => {
    const target = await newPost(author.token, 'Off-topic rant');
    const root = await newPost(author.token, 'A question');
    const reply = await newPost(reporter.token, 'A rude reply', root.id);
    const controller = new AbortController();
    const [bystanderFeed, authorFeed, mentorFeed] = await Promise.all([openFeed(bystander.token, controller.signal), openFeed(author.token, controller.signal), openFeed(mentor.token, controller.signal)]);
    expect((await hide(mentor.token, target.id)).statusCode).toBe(200);
    await hide(mentor.token, reply.id);
    await hide(mentor.token, target.id, false);
    const removed = `event: removed\ndata: {"id":${target.id},"parent_id":null}`;
    const shown = `${removed}\n\nevent: removed\ndata: {"id":${reply.id},"parent_id":${root.id}}\n\nevent: changed\ndata: {"id":${target.id},"parent_id":null}`;
    expect(await bystanderFeed.until(shown)).toContain(shown);
    // Its author and staff still see it, marked hidden: their screens show it afresh.
    const targetChanged = `event: changed\ndata: {"id":${target.id},"parent_id":null}`;
    const forAuthor = `${targetChanged}\n\nevent: removed\ndata: {"id":${reply.id},"parent_id":${root.id}}\n\n${targetChanged}`;
    expect(await authorFeed.until(forAuthor)).toContain(forAuthor);
    const forStaff = `${targetChanged}\n\nevent: changed\ndata: {"id":${reply.id},"parent_id":${root.id}}\n\n${targetChanged}`;
    expect(await mentorFeed.until(forStaff)).toContain(forStaff);
    controller.abort();
    // Hiding a post already hidden tells no one again.
    await hide(mentor.token, reply.id);
    expect(await t.ctx.db.select().from(communityFeedEvents).where(eq(communityFeedEvents.postId, reply.id))).toHaveLength(1);
  });

  it('takes a deleted post or reply off every open screen of the channel, its author\'s and staff\'s too', async () => {
    const root = await newPost(author.token, 'Question for later');
    const reply = await newPost(reporter.token, 'My answer', root.id);
    const controller = new AbortController();
    const feeds = await Promise.all([bystander, author, mentor].map((who) => openFeed(who.token, controller.signal)));
    // The reply's author deletes it; staff delete the post.
    expect((await t.call('DELETE', `/api/community/posts/${reply.id}`, { token: reporter.token })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/community/posts/${root.id}`, { token: mentor.token })).statusCode).toBe(200);
    const both = `event: removed\ndata: {"id":${reply.id},"parent_id":${root.id}}\n\nevent: removed\ndata: {"id":${root.id},"parent_id":null}`;
    for (const feed of feeds) expect(await feed.until(both)).toContain(both);
    controller.abort();

    // A day later the events are of no use to any feed: the hourly job drops them.
    const events = () => t.ctx.db.select().from(communityFeedEvents).where(inArray(communityFeedEvents.postId, [root.id, reply.id]));
    expect(await events()).toHaveLength(2);
    const now = t.ctx.now;
    t.ctx.now = () => new Date(now().getTime() + 25 * 3_600_000);
    try {
      expect(await pruneFeedEvents(t.ctx)).toBeGreaterThanOrEqual(2);
    } finally {
      t.ctx.now = now;
    }
    expect(await events()).toHaveLength(0);
  });

  it('dismisses reports without touching the post, audited', async () => {
    const target = await newPost(author.token, 'Strong opinion, within the rules');
    await report(reporter.token, target.id, { reason: 'other', note: 'I disagree.' });
    const dismissed = await t.call('POST', `/api/community/posts/${target.id}/reports/dismiss`, { token: mentor.token });
    expect(dismissed.json()).toEqual({ message: 'Reports dismissed.' });
    expect((await queue()).map((entry) => entry.post.id)).not.toContain(target.id);
    expect((await pageOf(bystander.token)).posts.map((p) => p.id)).toContain(target.id);
    const [entry] = await auditOf(String(target.id), 'community.reports.dismissed');
    expect(entry).toMatchObject({ actorId: mentor.id });
    expect(entry!.after).toMatchObject({ author_id: author.id, reports: [{ reporter_id: reporter.id, reason: 'other' }] });
    const none = await t.call('POST', `/api/community/posts/${target.id}/reports/dismiss`, { token: mentor.token });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This post has no open reports.');
  });

  it('deletes a reported post from the queue, audited', async () => {
    const target = await newPost(author.token, 'Delete me');
    await report(reporter.token, target.id);
    expect((await t.call('DELETE', `/api/community/posts/${target.id}`, { token: mentor.token })).statusCode).toBe(200);
    expect((await queue()).map((entry) => entry.post.id)).not.toContain(target.id);
    expect(await auditOf(String(target.id), 'community.post.deleted')).toHaveLength(1);
  });
});

describe('muting and suspending members', () => {
  it('mutes a member for the hours chosen: they read, posting answers 403 with the end in Toronto time, until the mute ends', async () => {
    const muted = await signedInMember(t);
    const answer = await t.call('POST', `/api/community/restrictions/${muted.id}`, { token: mentor.token, body: { kind: 'muted', hours: 24, reason: 'Cooling off.' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ kind: 'muted', until: new Date(clock.getTime() + 24 * 3_600_000).toISOString(), reason: 'Cooling off.' });

    expect((await t.call('GET', '/api/community/channels/general/posts', { token: muted.token })).statusCode).toBe(200);
    const refused = await post(muted.token, 'general', { body_html: '<p>Let me speak</p>' });
    expect(refused.statusCode).toBe(403);
    // 2026-11-02 15:xx UTC plus a day is 10:xx the next morning in Toronto (EST).
    expect(refused.json().message).toMatch(/^You are muted in the community until Nov 3, 2026, 10:\d\d AM EST \(Toronto time\): you can read posts but not write them\.$/);
    expect((await t.call('POST', '/api/community/shared-trades', { token: muted.token, body: { channel_slug: 'general', trade_id: 'x', pnl_as: 'money', include_note: false } })).statusCode).toBe(403);

    const listed = (await t.call('GET', '/api/community/restrictions', { token: mentor.token })).json().data;
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ member: expect.objectContaining({ id: muted.id }), kind: 'muted' })]));
    const [entry] = await auditOf(muted.id, 'community.member.muted');
    expect(entry).toMatchObject({ actorId: mentor.id, subjectType: 'member' });

    clock = new Date(clock.getTime() + 25 * 3_600_000);
    expect((await post(muted.token, 'general', { body_html: '<p>Back</p>' })).statusCode).toBe(201);
  });

  it('refuses a mute without a duration, and staff muting themselves', async () => {
    const noHours = await t.call('POST', `/api/community/restrictions/${author.id}`, { token: mentor.token, body: { kind: 'muted', hours: null, reason: '' } });
    expect(noHours.statusCode).toBe(422);
    expect(noHours.json().errors.hours).toEqual(['Choose how long the mute lasts.']);
    const self = await t.call('POST', `/api/community/restrictions/${mentor.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: '' } });
    expect(self.statusCode).toBe(422);
    expect((await t.call('POST', '/api/community/restrictions/00000000-0000-0000-0000-000000000000', { token: mentor.token, body: { kind: 'suspended', hours: null, reason: '' } })).statusCode).toBe(404);
  });

  it('lifts a mute, audited', async () => {
    const muted = await signedInMember(t);
    await t.call('POST', `/api/community/restrictions/${muted.id}`, { token: mentor.token, body: { kind: 'muted', hours: 1, reason: '' } });
    expect((await post(muted.token, 'general', { body_html: '<p>Muted</p>' })).statusCode).toBe(403);
    const lifted = await t.call('DELETE', `/api/community/restrictions/${muted.id}/muted`, { token: mentor.token });
    expect(lifted.json()).toEqual({ message: 'Mute lifted: the member can post again.' });
    expect((await post(muted.token, 'general', { body_html: '<p>Free</p>' })).statusCode).toBe(201);
    expect(await auditOf(muted.id, 'community.member.mute_lifted')).toHaveLength(1);
    expect((await t.call('DELETE', `/api/community/restrictions/${muted.id}/muted`, { token: mentor.token })).statusCode).toBe(404);
  });

  it('suspends a member from the community: every read and post answers 403 until lifted, audited', async () => {
    const suspended = await signedInMember(t);
    const target = await newPost(author.token, 'Something to react to');
    await t.call('POST', `/api/community/restrictions/${suspended.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: 'Repeated abuse.' } });
    const list = await t.call('GET', '/api/community/channels', { token: suspended.token });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('You are suspended from the community: you can no longer read or post here.');
    expect((await t.call('GET', '/api/community/channels/general/posts', { token: suspended.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/community/posts/${target.id}/replies`, { token: suspended.token })).statusCode).toBe(403);
    expect((await post(suspended.token, 'general', { body_html: '<p>hi</p>' })).statusCode).toBe(403);
    expect((await report(suspended.token, target.id)).statusCode).toBe(403);
    // The rest of the platform stays open to them.
    expect((await t.call('GET', '/api/me', { token: suspended.token })).statusCode).toBe(200);
    expect(await auditOf(suspended.id, 'community.member.suspended')).toHaveLength(1);

    expect((await t.call('DELETE', `/api/community/restrictions/${suspended.id}/suspended`, { token: mentor.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/community/channels', { token: suspended.token })).statusCode).toBe(200);
    expect(await auditOf(suspended.id, 'community.member.suspension_lifted')).toHaveLength(1);
  });
});
