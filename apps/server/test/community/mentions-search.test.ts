import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureChannels } from '../../src/modules/community/channels-seed.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let author: Signed;
let reader: Signed;
let third: Signed;
let mentor: Signed;
let restricted: Signed;
let closed: Signed;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedCommunity(t.ctx);
  await ensureChannels(t.ctx, [{ name: 'Mentors room', slug: 'mentors-room', description: 'Staff only.', staffOnly: true }]);
  [author, reader, third, mentor, restricted] = await Promise.all([
    signedInMember(t),
    signedInMember(t),
    signedInMember(t),
    signedInMember(t, { roles: ['mentor'] }),
    signedInMember(t),
  ]);
  closed = await signedInMember(t);
  await t.ctx.db.execute(`update users set status = 'suspended' where id = '${closed.id}'`);
  await t.ctx.db.execute(`update users set last_name = 'Quillfeather' where id = '${reader.id}'`);
  const suspension = await t.call('POST', `/api/community/restrictions/${restricted.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: 'Spam' } });
  expect(suspension.statusCode, suspension.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

const nameOf = async (member: Signed) => {
  const res = await t.call('GET', '/api/me', { token: member.token });
  const profile = res.json().data as { first_name: string; last_name: string };
  return `${profile.first_name} ${profile.last_name}`;
};
const mention = (member: Signed, label = 'someone') => `<span data-mention="${member.id}">@${label}</span>`;
const postIn = async (member: Signed, slug: string, html: string, parentId: number | null = null) => {
  const res = await t.call('POST', `/api/community/channels/${slug}/posts`, { token: member.token, body: { body_html: html, parent_id: parentId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; body_html: string };
};
type Notice = { kind: string; title: string; body: string; link: string | null };
const mentionsOf = async (member: Signed) =>
  ((await t.call('GET', '/api/notifications', { token: member.token })).json().data as Notice[]).filter((n) => n.kind === 'community' && n.title.includes('mentioned you'));

describe('@mention lookup', () => {
  it('requires authentication', async () => {
    expect((await t.call('GET', '/api/community/channels/general/mentionable?q=Te')).statusCode).toBe(401);
  });

  it('suggests members who can read the channel by name, mentors first, without e-mails or the asker', async () => {
    const res = await t.call('GET', '/api/community/channels/general/mentionable?q=test', { token: author.token });
    expect(res.statusCode).toBe(200);
    const people = res.json().data as { id: string; name: string; mentor: boolean }[];
    const ids = people.map((p) => p.id);
    expect(people[0]).toMatchObject({ id: mentor.id, mentor: true });
    expect(ids).toEqual(expect.arrayContaining([reader.id, third.id]));
    expect(ids).not.toContain(author.id);
    expect(ids).not.toContain(restricted.id);
    expect(ids).not.toContain(closed.id);
    expect(res.body).not.toContain('@test.local');
    for (const person of people) expect(Object.keys(person).sort()).toEqual(['id', 'mentor', 'name']);

    const last = (await nameOf(reader)).split(' ')[1]!;
    const byLast = (await t.call('GET', `/api/community/channels/general/mentionable?q=${last}`, { token: author.token })).json().data;
    expect(byLast).toEqual([{ id: reader.id, name: await nameOf(reader), mentor: false }]);
    // A LIKE wildcard is a character like any other.
    expect((await t.call('GET', '/api/community/channels/general/mentionable?q=%25', { token: author.token })).json().data).toEqual([]);
  });

  it('suggests only staff in a staff-only channel, which members cannot ask about', async () => {
    const staff = (await t.call('GET', '/api/community/channels/mentors-room/mentionable?q=test', { token: mentor.token })).json().data as { id: string }[];
    expect(staff.map((p) => p.id)).not.toContain(reader.id);
    expect((await t.call('GET', '/api/community/channels/mentors-room/mentionable?q=test', { token: reader.token })).statusCode).toBe(404);
  });

  it('is rate limited per member', async () => {
    const asker = await signedInMember(t);
    const statuses = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await t.call('GET', '/api/community/channels/general/mentionable?q=x', { token: asker.token })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('@mentions in posts', () => {
  it('keeps a mention under the real name and tells the mentioned member once per post', async () => {
    const post = await postIn(author, 'general', `<p>Look at this ${mention(reader, 'Fake Name')} and ${mention(reader)}</p>`);
    const real = await nameOf(reader);
    expect(post.body_html).toBe(`<p>Look at this <span data-mention="${reader.id}">@${real}</span> and <span data-mention="${reader.id}">@${real}</span></p>`);
    const notices = await mentionsOf(reader);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `${await nameOf(author)} mentioned you in #General`, link: `/community/general?thread=${post.id}` });
    expect(notices[0]!.body).toBe(`Look at this @${real} and @${real}`);

    // Editing the post (mention kept, another added) tells only the newcomer.
    const edited = await t.call('PUT', `/api/community/posts/${post.id}`, { token: author.token, body: { body_html: `<p>${mention(reader)} ${mention(third)}</p>` } });
    expect(edited.statusCode).toBe(200);
    expect(await mentionsOf(reader)).toHaveLength(1);
    expect(await mentionsOf(third)).toHaveLength(1);
  });

  it('does not tell the author, a suspended member, or a member who cannot see a staff-only channel; those become plain text', async () => {
    const before = { author: (await mentionsOf(author)).length, restricted: (await mentionsOf(restricted)).length };
    const post = await postIn(author, 'general', `<p>${mention(author)} ${mention(restricted, 'R')} ${mention(closed, 'C')}</p>`);
    expect(post.body_html).toBe(`<p><span data-mention="${author.id}">@${await nameOf(author)}</span> @R @C</p>`);
    expect(await mentionsOf(author)).toHaveLength(before.author);

    const staffPost = await postIn(mentor, 'mentors-room', `<p>${mention(reader, 'Reader')} ${mention(mentor)}</p>`);
    expect(staffPost.body_html).toBe(`<p>@Reader <span data-mention="${mentor.id}">@${await nameOf(mentor)}</span></p>`);
    expect((await mentionsOf(reader)).some((n) => n.title.includes('Mentors room'))).toBe(false);
  });

  it('a reply mentioning the author it answers tells them once (the reply notice)', async () => {
    const thread = await postIn(third, 'general', '<p>Question about stops</p>');
    const before = (await t.call('GET', '/api/notifications', { token: third.token })).json().data.length;
    await postIn(reader, 'general', `<p>${mention(third)} use the range low.</p>`, thread.id);
    const after = (await t.call('GET', '/api/notifications', { token: third.token })).json().data as Notice[];
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.title).toContain('replied to you');
  });

  it('strips forged spans and attributes but keeps the words', async () => {
    const post = await postIn(author, 'general', `<p><span style="x" data-mention="not-an-id">@Admin</span> <span data-mention="${reader.id}" class="x">@x</span></p>`);
    expect(post.body_html).toBe(`<p>@Admin <span data-mention="${reader.id}">@${await nameOf(reader)}</span></p>`);
  });
});

describe('search', () => {
  let general: number;
  let reply: number;
  let hidden: number;
  let hiddenThreadReply: number;
  let staffOnly: number;
  beforeAll(async () => {
    general = (await postIn(author, 'general', '<p>Zebrafish <strong>breakout</strong> on the opening range</p>')).id;
    reply = (await postIn(reader, 'general', '<p>The zebrafish retest held</p>', general)).id;
    hidden = (await postIn(author, 'futures', '<p>Zebrafish spam link</p>')).id;
    hiddenThreadReply = (await postIn(reader, 'futures', '<p>Zebrafish answer under spam</p>', hidden)).id;
    staffOnly = (await postIn(mentor, 'mentors-room', '<p>Zebrafish mentors only</p>')).id;
    const hide = await t.call('PUT', `/api/community/posts/${hidden}/hidden`, { token: mentor.token, body: { hidden: true } });
    expect(hide.statusCode).toBe(200);
  });
  const search = async (member: Signed, q: string, page = 1) => {
    const res = await t.call('GET', `/api/community/search?q=${encodeURIComponent(q)}&page=${page}`, { token: member.token });
    return res;
  };
  const idsOf = async (member: Signed, q: string) => ((await search(member, q)).json().data.hits as { post_id: number }[]).map((hit) => hit.post_id).sort((a, b) => a - b);

  it('requires authentication and 2 characters', async () => {
    expect((await t.call('GET', '/api/community/search?q=zebra')).statusCode).toBe(401);
    const short = await search(reader, 'z');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.q).toEqual(['Type at least 2 characters to search.']);
    const symbols = await search(reader, '%%');
    expect(symbols.statusCode).toBe(422);
    expect(symbols.json().errors.q).toEqual(['Search for words or numbers.']);
  });

  it('finds posts and replies by word prefix, with where they are and why they matched', async () => {
    const res = await search(third, 'zebra break');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      page: 1,
      has_more: false,
      hits: [
        {
          post_id: general,
          thread_id: general,
          channel: { name: 'General', slug: 'general' },
          author: { id: author.id, name: await nameOf(author) },
          mentor: false,
          reply: false,
          excerpt: 'Zebrafish breakout on the opening range',
          created_at: expect.any(String),
          hidden: false,
        },
      ],
    });
    const replyHit = ((await search(third, 'retest')).json().data.hits as { post_id: number; thread_id: number; reply: boolean }[])[0];
    expect(replyHit).toMatchObject({ post_id: reply, thread_id: general, reply: true });
  });

  it('visibility: a member finds neither hidden posts (nor replies under them) nor staff-only channels', async () => {
    expect(await idsOf(third, 'zebrafish')).toEqual([general, reply]);
  });

  it("visibility: the hidden post's author still finds it (marked hidden); the replier under it finds their own reply", async () => {
    // Its author keeps the thread, the replies under it included.
    expect(await idsOf(author, 'zebrafish')).toEqual([general, reply, hidden, hiddenThreadReply]);
    const hit = ((await search(author, 'spam')).json().data.hits as { post_id: number; hidden: boolean }[]).find((h) => h.post_id === hidden);
    expect(hit).toMatchObject({ post_id: hidden, hidden: true });
    expect(await idsOf(reader, 'zebrafish')).toEqual([general, reply, hiddenThreadReply]);
  });

  it('visibility: staff find everything, staff-only channels and hidden posts included', async () => {
    expect(await idsOf(mentor, 'zebrafish')).toEqual([general, reply, hidden, hiddenThreadReply, staffOnly]);
  });

  it('visibility: a member suspended from the community searches nothing', async () => {
    expect((await search(restricted, 'zebrafish')).statusCode).toBe(403);
  });

  it('pages 20 results at a time', async () => {
    const pager = await signedInMember(t);
    for (let i = 0; i < 21; i += 1) {
      if (i % 10 === 0) clock = new Date(clock.getTime() + 61_000);
      await postIn(pager, 'forex', `<p>Quokka session note ${i}</p>`);
    }
    const first = (await search(third, 'quokka')).json().data;
    expect(first.hits).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const second = (await search(third, 'quokka', 2)).json().data;
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(second.hits).toHaveLength(1);
    expect(new Set([...first.hits, ...second.hits].map((hit: { post_id: number }) => hit.post_id)).size).toBe(21);
  });
});
