import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, communityChannels, communityFeedEvents, communityPosts } from '../../src/db/schema/index.ts';
import { createCommunityFeed } from '../../src/modules/community/live.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let member: Signed;
let other: Signed;
let mentor: Signed;
let admin: Signed;
let suspended: Signed;

const channel = {
  name: 'Futures',
  slug: 'futures',
  description: 'Index futures.',
  staff_only: false,
  read_only: false,
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  [member, other, mentor, admin] = await Promise.all([
    signedInMember(t),
    signedInMember(t),
    signedInMember(t, { roles: ['mentor'] }),
    signedInMember(t, { roles: ['admin'] }),
  ]);
  suspended = await signedInMember(t, { status: 'suspended' });
});
afterAll(() => t.close());
// Each test starts a fresh posting window (10 posts a minute per member).
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

const post = (token: string, slug: string, body: Record<string, unknown>) => t.call('POST', `/api/community/channels/${slug}/posts`, { token, body });
const page = (token: string, slug: string, before?: string) =>
  t.call('GET', `/api/community/channels/${slug}/posts${before ? `?before=${encodeURIComponent(before)}` : ''}`, { token });

describe('community channels', () => {
  it('lets staff create, edit and order channels; members may not', async () => {
    const refused = await t.call('POST', '/api/community/channels', { token: member.token, body: channel });
    expect(refused.statusCode).toBe(403);

    const created = await t.call('POST', '/api/community/channels', { token: mentor.token, body: channel });
    expect(created.statusCode).toBe(201);
    const futures = created.json().data;
    expect(futures).toMatchObject({ name: 'Futures', slug: 'futures', read_only: false, staff_only: false, can_post: true });

    const taken = await t.call('POST', '/api/community/channels', { token: admin.token, body: { ...channel, name: 'Again' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['Another channel already uses this slug.']);

    const badSlug = await t.call('POST', '/api/community/channels', { token: admin.token, body: { ...channel, slug: 'Has Spaces' } });
    expect(badSlug.statusCode).toBe(422);

    const general = (await t.call('POST', '/api/community/channels', { token: admin.token, body: { ...channel, name: 'General', slug: 'general' } })).json().data;
    const renamed = await t.call('PUT', `/api/community/channels/${futures.id}`, {
      token: admin.token,
      body: { ...channel, name: 'Futures & indices', description: 'ES, NQ, YM.' },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Futures & indices', description: 'ES, NQ, YM.' });

    const ordered = await t.call('PUT', '/api/community/channel-order', { token: admin.token, body: { channel_ids: [general.id, futures.id] } });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().data.map((c: { slug: string }) => c.slug)).toEqual(['general', 'futures']);

    const partial = await t.call('PUT', '/api/community/channel-order', { token: admin.token, body: { channel_ids: [general.id] } });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe('List every channel exactly once, in its new order.');
  });

  it('seeds the demo channels once, Announcements read-only', async () => {
    await seedCommunity(t.ctx);
    await seedCommunity(t.ctx);
    const rows = await t.ctx.db.select().from(communityChannels);
    const slugs = rows.map((row) => row.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(expect.arrayContaining(['general', 'futures', 'forex', 'alphaorb', 'wins-and-lessons', 'announcements']));
    expect(rows.find((row) => row.slug === 'announcements')?.readOnly).toBe(true);
  });

  it('hides staff-only channels from members (404), and answers members 403 in read-only channels', async () => {
    await t.call('POST', '/api/community/channels', { token: admin.token, body: { ...channel, name: 'Mentors', slug: 'mentors', staff_only: true } });
    const list = (await t.call('GET', '/api/community/channels', { token: member.token })).json().data as Array<{ slug: string; can_post: boolean }>;
    expect(list.map((c) => c.slug)).not.toContain('mentors');
    expect(list.find((c) => c.slug === 'announcements')?.can_post).toBe(false);
    expect((await page(member.token, 'mentors')).statusCode).toBe(404);
    expect((await post(member.token, 'mentors', { body_html: '<p>hi</p>' })).statusCode).toBe(404);
    expect((await page(mentor.token, 'mentors')).statusCode).toBe(200);

    const readOnly = await post(member.token, 'announcements', { body_html: '<p>Can I post?</p>' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('This channel is read-only: only staff can post here.');
    expect((await post(admin.token, 'announcements', { body_html: '<p>Market holiday Thursday.</p>' })).statusCode).toBe(201);
  });

  it('refuses suspended members reading or posting', async () => {
    expect((await page(suspended.token, 'general')).statusCode).toBe(403);
    expect((await post(suspended.token, 'general', { body_html: '<p>hi</p>' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/community/channels', { token: suspended.token })).statusCode).toBe(403);
  });
});

describe('community posts', () => {
  it('stores sanitized rich text and refuses empty, oversized and script-laden posts with clear messages', async () => {
    const ok = await post(member.token, 'general', { body_html: '<p>Long <strong>ES</strong> at <a href="https://example.com">the level</a><img src="x.png"></p>' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.body_html).toBe('<p>Long <strong>ES</strong> at <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">the level</a></p>');

    const empty = await post(member.token, 'general', { body_html: '<p>  </p>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body_html).toEqual(['Write something before posting.']);

    const long = await post(member.token, 'general', { body_html: `<p>${'a'.repeat(10_001)}</p>` });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body_html[0]).toMatch(/^A post is at most 10,000 characters/);

    const script = await post(member.token, 'general', { body_html: '<p>hello</p><script>alert(1)</script>' });
    expect(script.statusCode).toBe(422);
    expect(script.json().errors.body_html).toEqual(['Posts cannot contain scripts or embedded code. Remove it and post again.']);
    const handler = await post(member.token, 'general', { body_html: '<p onclick="steal()">hello</p>' });
    expect(handler.statusCode).toBe(422);

    const count = (await page(member.token, 'general')).json().data.posts.filter((p: { author: { id: string } }) => p.author.id === member.id);
    expect(count).toHaveLength(1);
  });

  it('lets only the author edit or delete a post (another member gets 404)', async () => {
    const created = (await post(member.token, 'general', { body_html: '<p>First take</p>' })).json().data;
    const theirs = await t.call('PUT', `/api/community/posts/${created.id}`, { token: other.token, body: { body_html: '<p>hijack</p>' } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/community/posts/${created.id}`, { token: other.token })).statusCode).toBe(404);

    const edited = await t.call('PUT', `/api/community/posts/${created.id}`, { token: member.token, body: { body_html: '<p>Second take</p>' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body_html: '<p>Second take</p>', edited_at: clock.toISOString() });

    const removed = await t.call('DELETE', `/api/community/posts/${created.id}`, { token: member.token });
    expect(removed.json()).toEqual({ message: 'Post deleted.' });
    expect((await t.call('GET', `/api/community/posts/${created.id}/replies`, { token: member.token })).statusCode).toBe(404);
  });

  it('lets staff delete any post as moderation, recorded in the staff audit log', async () => {
    const created = (await post(member.token, 'general', { body_html: '<p>Spam spam</p>' })).json().data;
    const removed = await t.call('DELETE', `/api/community/posts/${created.id}`, { token: mentor.token });
    expect(removed.json()).toEqual({ message: 'Post deleted.' });
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, String(created.id)));
    expect(entry).toMatchObject({ actorId: mentor.id, action: 'community.post.deleted', subjectType: 'community_post' });
    expect(entry!.before).toMatchObject({ channel: 'general', author_id: member.id, body_html: '<p>Spam spam</p>' });
  });

  it('threads replies one level deep and marks staff replies as mentor replies', async () => {
    const root = (await post(member.token, 'futures', { body_html: '<p>Was this entry early?</p>' })).json().data;
    const reply = await post(mentor.token, 'futures', { body_html: '<p>Wait for the retest.</p>', parent_id: root.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ parent_id: root.id, mentor: true });
    // A reply to a reply joins the same thread.
    const nested = await post(other.token, 'futures', { body_html: '<p>Agreed.</p>', parent_id: reply.json().data.id });
    expect(nested.json().data).toMatchObject({ parent_id: root.id, mentor: false });

    const replies = (await t.call('GET', `/api/community/posts/${root.id}/replies`, { token: member.token })).json().data;
    expect(replies.map((r: { body_html: string }) => r.body_html)).toEqual(['<p>Wait for the retest.</p>', '<p>Agreed.</p>']);
    const listed = (await page(member.token, 'futures')).json().data.posts.find((p: { id: number }) => p.id === root.id);
    expect(listed.reply_count).toBe(2);
  });

  it('toggles reactions from the fixed set and counts them on the page', async () => {
    const root = (await post(member.token, 'general', { body_html: '<p>Green day</p>' })).json().data;
    const react = (token: string, reaction: string) => t.call('POST', `/api/community/posts/${root.id}/reactions`, { token, body: { reaction } });
    expect((await react(other.token, 'fire')).json().data).toEqual([{ reaction: 'fire', count: 1, mine: true }]);
    await react(mentor.token, 'fire');
    await react(member.token, 'thumbs_up');
    const listed = (await page(member.token, 'general')).json().data.posts.find((p: { id: number }) => p.id === root.id);
    expect(listed.reactions).toEqual([
      { reaction: 'fire', count: 2, mine: false },
      { reaction: 'thumbs_up', count: 1, mine: true },
    ]);
    expect((await react(other.token, 'fire')).json().data).toEqual([
      { reaction: 'fire', count: 1, mine: false },
      { reaction: 'thumbs_up', count: 1, mine: false },
    ]);
    const bad = await react(other.token, 'poop');
    expect(bad.statusCode).toBe(422);
  });

  it('lets staff pin a post, shown above the page', async () => {
    const root = (await post(member.token, 'forex', { body_html: '<p>Session times cheat sheet</p>' })).json().data;
    expect((await t.call('PUT', `/api/community/posts/${root.id}/pin`, { token: member.token, body: { pinned: true } })).statusCode).toBe(403);
    const pinned = await t.call('PUT', `/api/community/posts/${root.id}/pin`, { token: mentor.token, body: { pinned: true } });
    expect(pinned.json().data.pinned).toBe(true);
    const data = (await page(member.token, 'forex')).json().data;
    expect(data.pinned.map((p: { id: number }) => p.id)).toEqual([root.id]);
    expect(data.posts.map((p: { id: number }) => p.id)).not.toContain(root.id);
  });

  it('pages 30 posts at a time, newest first, with a keyset cursor', async () => {
    const alphaorb = (await t.ctx.db.select().from(communityChannels)).find((c) => c.slug === 'alphaorb')!;
    const start = Date.parse('2026-10-01T12:00:00.000Z');
    await t.ctx.db.insert(communityPosts).values(
      Array.from({ length: 65 }, (_, i) => ({
        channelId: alphaorb.id,
        userId: other.id,
        bodyHtml: `<p>Post ${i + 1}</p>`,
        // Two posts share each moment: the id breaks the tie.
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      })),
    );
    const first = (await page(member.token, 'alphaorb')).json().data;
    expect(first.posts).toHaveLength(30);
    expect(first.posts[0].body_html).toBe('<p>Post 65</p>');
    const second = (await page(member.token, 'alphaorb', first.next_cursor)).json().data;
    expect(second.posts[0].body_html).toBe('<p>Post 35</p>');
    const third = (await page(member.token, 'alphaorb', second.next_cursor)).json().data;
    expect(third.posts.map((p: { body_html: string }) => p.body_html)).toEqual(['<p>Post 5</p>', '<p>Post 4</p>', '<p>Post 3</p>', '<p>Post 2</p>', '<p>Post 1</p>']);
    expect(third.next_cursor).toBeNull();
    expect((await page(member.token, 'alphaorb', 'garbage')).statusCode).toBe(422);
  });

  it('counts unread posts per channel until the member reads it', async () => {
    await post(other.token, 'forex', { body_html: '<p>EURUSD at the high</p>' });
    const before = (await t.call('GET', '/api/community/channels', { token: member.token })).json().data.find((c: { slug: string }) => c.slug === 'forex');
    expect(before.unread_count).toBeGreaterThan(0);
    await t.call('POST', '/api/community/channels/forex/read', { token: member.token });
    const after = (await t.call('GET', '/api/community/channels', { token: member.token })).json().data.find((c: { slug: string }) => c.slug === 'forex');
    expect(after.unread_count).toBe(0);
    await post(other.token, 'forex', { body_html: '<p>And through it</p>' });
    const again = (await t.call('GET', '/api/community/channels', { token: member.token })).json().data.find((c: { slug: string }) => c.slug === 'forex');
    expect(again.unread_count).toBe(1);
  });

  it('limits posting through the shared rate limiter', async () => {
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await post(other.token, 'general', { body_html: `<p>flood ${i}</p>` })).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('sharing a trade', () => {
  let tradeId: string;
  beforeAll(async () => {
    const created = await t.call('POST', '/api/trades/manual', {
      token: member.token,
      body: {
        instrument: 'NAS100',
        side: 'BUY',
        quantity: '1',
        entry_price: '18000',
        exit_price: '18040',
        stop_loss: '17980',
        net_pnl: '40',
        entry_time: '2026-10-30T13:35:00.000Z',
        exit_time: '2026-10-30T13:50:00.000Z',
      },
    });
    expect(created.statusCode).toBe(201);
    tradeId = created.json().data.id;
  });

  it('posts a card with instrument, side, times, R and P&L as money', async () => {
    const shared = await t.call('POST', '/api/community/shared-trades', {
      token: member.token,
      body: { channel_slug: 'wins-and-lessons', trade_id: tradeId, pnl_as: 'money', include_note: false, body_html: '<p>Patience paid.</p>' },
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json().data.shared_trade).toEqual({
      instrument: 'NAS100',
      side: 'buy',
      entry_time: '2026-10-30T13:35:00.000Z',
      exit_time: '2026-10-30T13:50:00.000Z',
      zone: 'America/Toronto',
      r_multiple: 2,
      pnl: '40.00',
      pnl_as: 'money',
      note_html: null,
    });
  });

  it('leaves the money out when the member shows R only', async () => {
    const shared = await t.call('POST', '/api/community/shared-trades', {
      token: member.token,
      body: { channel_slug: 'wins-and-lessons', trade_id: tradeId, pnl_as: 'r', include_note: false },
    });
    expect(shared.json().data.shared_trade).toMatchObject({ pnl: null, pnl_as: 'r', r_multiple: 2 });
    expect(shared.body).not.toContain('40.00');
  });

  it("answers 404 for another member's trade and 422 for a read-only channel", async () => {
    const theirs = await t.call('POST', '/api/community/shared-trades', {
      token: other.token,
      body: { channel_slug: 'general', trade_id: tradeId, pnl_as: 'money', include_note: false },
    });
    expect(theirs.statusCode).toBe(404);
    const readOnly = await t.call('POST', '/api/community/shared-trades', {
      token: member.token,
      body: { channel_slug: 'announcements', trade_id: tradeId, pnl_as: 'money', include_note: false },
    });
    expect(readOnly.statusCode).toBe(422);
    expect(readOnly.json().errors.channel_slug).toEqual(['This channel is read-only: only staff can post here.']);
  });
});

describe('live channel feed', () => {
  it('streams new posts and replies of the channel as Server-Sent Events', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/community/channels/general/events`, {
      headers: { authorization: `Bearer ${other.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const created = (await post(member.token, 'general', { body_html: '<p>Live!</p>' })).json().data;
    await post(member.token, 'futures', { body_html: '<p>Another channel</p>' });
    let text = '';
    const deadline = Date.now() + 5_000;
    while (!text.includes('event: post') && Date.now() < deadline) text += (await reader.read()).value ?? '';
    expect(text).toContain(`event: post\ndata: {"id":${created.id},"parent_id":null}`);
    controller.abort();

    const hidden = await fetch(`${address}/api/community/channels/mentors/events`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(hidden.status).toBe(404);
  });
  // The embedded database carries no notifications: there the feed reads once a second.
  it.runIf(process.env.DATABASE_URL)('on PostgreSQL, is woken by the database as soon as a post is committed, not at its next read', async () => {
    const feed = createCommunityFeed(t.ctx, 60_000);
    const [general] = await t.ctx.db.select().from(communityChannels).where(eq(communityChannels.slug, 'general'));
    const sent: number[] = [];
    const unsubscribe = await feed.subscribe(general!.id, { viewer: { userId: other.id, staff: false, mutedUntil: null }, send: (event) => sent.push(event.id), end: () => undefined });
    const deadline = Date.now() + 5_000;
    while (!feed.listening() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(feed.listening()).toBe(true);
    const created = (await post(member.token, 'general', { body_html: '<p>Now!</p>' })).json().data;
    while (!sent.includes(created.id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([created.id]);
    unsubscribe();
    feed.close();
  });
  // Ids are taken at insert and seen at commit: two instances (or two requests of one) writing at
  // once can commit the older id last, after the reader has passed the newer one.
  describe.runIf(process.env.DATABASE_URL)('on PostgreSQL, a row committed after a newer one the feed has already sent', () => {
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 5_000; !done() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    };

    /**
     * A slow writer: `insert` runs in a transaction held open while `fast` writes and commits a
     * newer row and the feed sends it; then the slow one commits. Answers what the feed sent and
     * the ids of the fast and slow rows' posts.
     */
    async function slowThenFast(insert: (tx: Parameters<Parameters<typeof t.ctx.db.transaction>[0]>[0], channelId: string) => Promise<number>, fast: () => Promise<number>) {
      const feed = createCommunityFeed(t.ctx, 50);
      const [general] = await t.ctx.db.select().from(communityChannels).where(eq(communityChannels.slug, 'general'));
      const sent: number[] = [];
      const unsubscribe = await feed.subscribe(general!.id, { viewer: { userId: other.id, staff: false, mutedUntil: null }, send: (event) => sent.push(event.id), end: () => undefined });
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let slowId = 0;
      const slow = t.ctx.db.transaction(async (tx) => {
        slowId = await insert(tx, general!.id);
        await held;
      });
      await until(() => slowId !== 0);
      const fastId = await fast();
      await until(() => sent.includes(fastId));
      release();
      await slow;
      await until(() => sent.includes(slowId));
      unsubscribe();
      feed.close();
      return { sent, fastId, slowId };
    }

    it('sends a post committed late', async () => {
      const { sent, fastId, slowId } = await slowThenFast(
        async (tx, channelId) => {
          const [row] = await tx
            .insert(communityPosts)
            .values({ channelId, userId: member.id, bodyHtml: '<p>Slow</p>', mentor: false, createdAt: clock })
            .returning({ id: communityPosts.id });
          return row!.id;
        },
        async () => (await post(member.token, 'general', { body_html: '<p>Fast</p>' })).json().data.id,
      );
      expect(fastId).toBeGreaterThan(slowId);
      expect(sent).toEqual([fastId, slowId]);
    });

    it('sends a moderation change committed late', async () => {
      clock = new Date(clock.getTime() + 61_000);
      const [deleted, hidden] = [
        (await post(member.token, 'general', { body_html: '<p>Deleted late</p>' })).json().data.id,
        (await post(member.token, 'general', { body_html: '<p>Hidden at once</p>' })).json().data.id,
      ];
      const { sent } = await slowThenFast(
        async (tx, channelId) => {
          await tx.insert(communityFeedEvents).values({ channelId, postId: deleted, parentId: null, authorId: member.id, kind: 'deleted', createdAt: clock });
          return deleted;
        },
        async () => {
          expect((await t.call('PUT', `/api/community/posts/${hidden}/hidden`, { token: admin.token, body: { hidden: true } })).statusCode).toBe(200);
          return hidden;
        },
      );
      expect(sent).toEqual([hidden, deleted]);
    });
  });
});
