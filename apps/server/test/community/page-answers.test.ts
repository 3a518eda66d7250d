import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { communityChannels, communityPostImages, communityPosts, users } from '../../src/db/schema/index.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';

// A channel's pages are kept per channel revision by each instance (page-answers.ts). Every kind
// of write, through either instance, must leave both instances answering byte for byte what a
// third instance computing afresh (ANSWER_CACHE off) answers, for each kind of reader.

let t: TestApp;
let clock = new Date('2026-11-03T15:00:00.000Z');
type Instance = Awaited<ReturnType<typeof secondInstance>>;
let second: Instance;
let fresh: Instance;
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let author: Signed;
let other: Signed;
let mentor: Signed;
let channelId: string;
const posts: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  second = await secondInstance(t);
  fresh = await secondInstance(t, { ANSWER_CACHE: false });
  [author, other, mentor] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t, { roles: ['mentor'] })]);
  const [channel] = await t.ctx.db.insert(communityChannels).values({ name: 'Futures', slug: 'futures' }).returning();
  channelId = channel!.id;
  // 40 top-level posts a minute apart (two pages), every third by `author`.
  const rows = await t.ctx.db
    .insert(communityPosts)
    .values(
      Array.from({ length: 40 }, (_, n) => ({
        channelId,
        userId: n % 3 === 0 ? author.id : other.id,
        bodyHtml: `<p>Post ${n}</p>`,
        createdAt: new Date(clock.getTime() - (40 - n) * 60_000),
      })),
    )
    .returning({ id: communityPosts.id });
  posts.push(...rows.map((row) => row.id));
  // Three app instances on one database: longer than the default hook timeout on a loaded machine.
}, 180_000);
afterAll(async () => {
  await second.close();
  await fresh.close();
  await t.close();
});

const write = (instance: Pick<Instance, 'call'>, method: string, url: string, token: string, body?: unknown) => {
  clock = new Date(clock.getTime() + 61_000); // a fresh posting window each write
  return instance.call(method, url, { token, body });
};

/** Each reader's first and second page from both caching instances (twice: computed, then kept) equals the fresh answer. */
async function expectSameEverywhere() {
  for (const reader of [author, other, mentor]) {
    let before: string | null = null;
    for (let page = 0; page < 2; page += 1) {
      const url = `/api/community/channels/futures/posts${before ? `?before=${encodeURIComponent(before)}` : ''}`;
      const expected = await fresh.call('GET', url, { token: reader.token });
      expect(expected.statusCode).toBe(200);
      for (const instance of [t, second, t, second]) {
        const answer = await instance.call('GET', url, { token: reader.token });
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(expected.body);
      }
      before = expected.json().data.next_cursor;
      if (before === null) break;
    }
  }
}

const pageOf = async (reader: Signed) => (await t.call('GET', '/api/community/channels/futures/posts', { token: reader.token })).json().data;

describe('a channel page kept per revision', () => {
  // Some forty page reads after each of fourteen writes: longer than the default 30 s on a loaded machine.
  it('answers every reader as a fresh computation would after each kind of write, on both instances', { timeout: 180_000 }, async () => {
    await expectSameEverywhere();

    // A new post by another member, through the second instance.
    expect((await write(second, 'POST', '/api/community/channels/futures/posts', other.token, { body_html: '<p>New</p>' })).statusCode).toBe(201);
    await expectSameEverywhere();

    // A reply: the reply count moves.
    const newest = posts.at(-1)!;
    const reply = await write(t, 'POST', '/api/community/channels/futures/posts', author.token, { body_html: '<p>Reply</p>', parent_id: newest });
    expect(reply.statusCode).toBe(201);
    await expectSameEverywhere();
    expect((await pageOf(other)).posts.find((p: { id: number }) => p.id === newest).reply_count).toBe(1);

    // A reaction by another member: counted for all, "mine" for them only.
    expect((await write(second, 'POST', `/api/community/posts/${newest}/reactions`, other.token, { reaction: 'fire' })).statusCode).toBe(200);
    await expectSameEverywhere();
    const reacted = (await pageOf(author)).posts.find((p: { id: number }) => p.id === newest).reactions;
    expect(reacted).toEqual([{ reaction: 'fire', count: 1, mine: false }]);

    // Hidden by a moderator: the author's post on the first page and an older one on the second,
    // and the author's reply; the author (and staff) see them marked, other members do not.
    const authorsNewest = posts[39]!;
    const authorsOld = posts[0]!;
    for (const id of [authorsNewest, authorsOld, reply.json().data.id]) {
      expect((await write(second, 'PUT', `/api/community/posts/${id}/hidden`, mentor.token, { hidden: true })).statusCode).toBe(200);
    }
    await expectSameEverywhere();
    expect((await pageOf(other)).posts.map((p: { id: number }) => p.id)).not.toContain(authorsNewest);
    expect((await pageOf(author)).posts.find((p: { id: number }) => p.id === authorsNewest)).toMatchObject({ hidden: true, mine: true, reply_count: 1 });
    expect((await pageOf(other)).posts.find((p: { id: number }) => p.id === newest)).toBeUndefined();

    // An edit, a pin by staff, a member renamed, an image added, a post shown again, a delete.
    expect((await write(t, 'PUT', `/api/community/posts/${posts[36]}`, author.token, { body_html: '<p>Edited</p>' })).statusCode).toBe(200);
    await expectSameEverywhere();
    expect((await write(second, 'PUT', `/api/community/posts/${posts[20]}/pin`, mentor.token, { pinned: true })).statusCode).toBe(200);
    await expectSameEverywhere();
    await t.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, other.id));
    await expectSameEverywhere();
    expect((await pageOf(author)).posts[0].author.name).toMatch(/^Renamed/);
    await t.ctx.db.insert(communityPostImages).values({ postId: posts[38]!, userId: other.id, position: 0, contentType: 'image/png', size: 3, image: Buffer.from('png') });
    await expectSameEverywhere();
    expect((await write(t, 'PUT', `/api/community/posts/${authorsNewest}/hidden`, mentor.token, { hidden: false })).statusCode).toBe(200);
    await expectSameEverywhere();
    expect((await write(second, 'DELETE', `/api/community/posts/${posts[33]}`, author.token)).statusCode).toBe(200);
    await expectSameEverywhere();
    // Un-reacting, through the other instance than the reaction.
    expect((await write(t, 'POST', `/api/community/posts/${newest}/reactions`, other.token, { reaction: 'fire' })).statusCode).toBe(200);
    await expectSameEverywhere();
  });

  it("takes a member's standing and the channel's own fields, changed through another instance, on the next request", async () => {
    const reader = await signedInMember(t);
    const url = '/api/community/channels/futures/posts';
    const status = async () => (await t.call('GET', url, { token: reader.token })).statusCode;
    expect(await status()).toBe(200);
    // Suspended through the second instance: refused by the first on its next request; lifted, read again.
    expect((await second.call('POST', `/api/community/restrictions/${reader.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: '' } })).statusCode).toBe(200);
    expect(await status()).toBe(403);
    expect((await second.call('DELETE', `/api/community/restrictions/${reader.id}/suspended`, { token: mentor.token })).statusCode).toBe(200);
    expect(await status()).toBe(200);
    // Muted through the second instance: the first refuses their post, naming the mute.
    expect((await second.call('POST', `/api/community/restrictions/${reader.id}`, { token: mentor.token, body: { kind: 'muted', hours: 24, reason: '' } })).statusCode).toBe(200);
    const refused = await write(t, 'POST', url, reader.token, { body_html: '<p>Muted?</p>' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, expect.stringMatching(/^You are muted in the community until /)]);
    // Renamed and made read-only through the second instance: the first's kept page shows it.
    const body = { name: 'Futures desk', slug: 'futures', description: 'Read only now.', staff_only: false, read_only: true };
    expect((await second.call('PUT', `/api/community/channels/${channelId}`, { token: mentor.token, body })).statusCode).toBe(200);
    expect((await pageOf(other)).channel).toMatchObject({ name: 'Futures desk', description: 'Read only now.', read_only: true, can_post: false });
    await expectSameEverywhere();
    // Made staff-only: gone for members on the first instance's next request, kept for staff.
    expect((await second.call('PUT', `/api/community/channels/${channelId}`, { token: mentor.token, body: { ...body, staff_only: true } })).statusCode).toBe(200);
    expect((await t.call('GET', url, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('GET', url, { token: mentor.token })).statusCode).toBe(200);
    expect((await second.call('PUT', `/api/community/channels/${channelId}`, { token: mentor.token, body: { ...body, name: 'Futures', read_only: false } })).statusCode).toBe(200);
    expect((await pageOf(other)).channel).toMatchObject({ name: 'Futures', read_only: false, can_post: true });
  });

  it('refuses as before: a suspended member 403, a staff-only channel 404 to members, an unknown one 404', async () => {
    const suspended = await signedInMember(t);
    expect((await t.call('POST', `/api/community/restrictions/${suspended.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: '' } })).statusCode).toBe(200);
    await t.ctx.db.insert(communityChannels).values({ name: 'Staff', slug: 'staff-room', staffOnly: true });
    for (const [reader, slug, status] of [
      [suspended, 'futures', 403],
      [other, 'staff-room', 404],
      [other, 'nowhere', 404],
      [mentor, 'staff-room', 200],
    ] as const) {
      const expected = await fresh.call('GET', `/api/community/channels/${slug}/posts`, { token: reader.token });
      const kept = await t.call('GET', `/api/community/channels/${slug}/posts`, { token: reader.token });
      expect([expected.statusCode, kept.statusCode]).toEqual([status, status]);
      expect(kept.body).toBe(expected.body);
    }
  });
});
