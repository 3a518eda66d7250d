import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { communityImageFilesOf } from '../../src/modules/community/index.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { type FormPart, multipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let author: Signed;
let reader: Signed;
let mentor: Signed;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4, 0), Buffer.from('WEBP'), Buffer.alloc(32, 3)]);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedCommunity(t.ctx);
  [author, reader, mentor] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t, { roles: ['mentor'] })]);
});
afterAll(() => t.close());
// Each test starts a fresh posting window (10 posts a minute per member).
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

type Image = { id: string; alt: string; content_type: string; size: number };
type Post = { id: number; body_html: string; images: Image[] };

const image = (n: number, value: Buffer, type = 'image/png'): FormPart => ({ name: `image_${n}`, filename: `chart-${n}.png`, type, value });
function postWith(token: string, parts: FormPart[], slug = 'general') {
  const { payload, headers } = multipart(parts);
  return t.call('POST', `/api/community/channels/${slug}/image-posts`, { token, body: payload, headers });
}
const fetchImage = (token: string, id: string, size?: 'thumbnail') =>
  t.call('GET', `/api/community/images/${id}${size ? `?size=${size}` : ''}`, { token });
const imageCount = async () => (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from community_post_images'))[0]!.n;
const postCount = async () => (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from community_posts'))[0]!.n;

describe('posts with images', () => {
  it('saves a post with images in order, with their labels and thumbnails, shown on the page and served to its readers', async () => {
    const answer = await postWith(author.token, [
      { name: 'body_html', value: '<p>My NQ entry</p>' },
      image(1, PNG),
      { name: 'alt_1', value: '  NQ 5-minute chart  ' },
      { name: 'thumbnail_1', filename: 't.webp', type: 'image/webp', value: WEBP },
      image(2, JPEG, 'image/jpeg'),
    ]);
    expect(answer.statusCode).toBe(201);
    const post = answer.json().data as Post;
    expect(post.body_html).toBe('<p>My NQ entry</p>');
    expect(post.images).toEqual([
      { id: expect.any(String), alt: 'NQ 5-minute chart', content_type: 'image/png', size: PNG.length },
      { id: expect.any(String), alt: '', content_type: 'image/jpeg', size: JPEG.length },
    ]);
    const page = (await t.call('GET', '/api/community/channels/general/posts', { token: reader.token })).json().data as { posts: Post[] };
    expect(page.posts.find((p) => p.id === post.id)?.images).toEqual(post.images);

    const full = await fetchImage(reader.token, post.images[0]!.id);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.rawPayload.equals(PNG)).toBe(true);
    const thumbnail = await fetchImage(reader.token, post.images[0]!.id, 'thumbnail');
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.equals(WEBP)).toBe(true);
    // Without a small copy the thumbnail is the image itself.
    expect((await fetchImage(reader.token, post.images[1]!.id, 'thumbnail')).rawPayload.equals(JPEG)).toBe(true);
  });

  it('takes a post of images alone, and a reply with an image', async () => {
    const alone = await postWith(author.token, [{ name: 'body_html', value: '<p></p>' }, image(1, PNG)]);
    expect(alone.statusCode).toBe(201);
    expect(alone.json().data.body_html).toBe('');
    // Its text may be emptied again by an edit; a post without images may not.
    const edited = await t.call('PUT', `/api/community/posts/${alone.json().data.id}`, { token: author.token, body: { body_html: '<p>x</p>' } });
    expect(edited.statusCode).toBe(200);
    expect((await t.call('PUT', `/api/community/posts/${alone.json().data.id}`, { token: author.token, body: { body_html: '<p></p>' } })).json().data.body_html).toBe('');
    const plain = (await t.call('POST', '/api/community/channels/general/posts', { token: author.token, body: { body_html: '<p>words</p>' } })).json().data as Post;
    const emptied = await t.call('PUT', `/api/community/posts/${plain.id}`, { token: author.token, body: { body_html: '<p></p>' } });
    expect(emptied.json().errors.body_html).toEqual(['Write something before posting.']);
    const reply = await postWith(reader.token, [{ name: 'body_html', value: '<p>Nice</p>' }, { name: 'parent_id', value: String(alone.json().data.id) }, image(1, JPEG, 'image/jpeg')]);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ parent_id: alone.json().data.id, images: [{ content_type: 'image/jpeg' }] });
  });

  it('refuses a file that is not an image, an oversized one, a fifth image and a post of nothing, saving nothing', async () => {
    const [posts, images] = [await postCount(), await imageCount()];
    const fake = await postWith(author.token, [{ name: 'body_html', value: '<p>chart</p>' }, image(1, PNG), image(2, Buffer.from('<svg onload="alert(1)"/>'))]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image_2).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const big = await postWith(author.token, [{ name: 'body_html', value: '<p>chart</p>' }, image(1, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.image_1).toEqual(['Images are limited to 5 MB.']);
    const fakeThumb = await postWith(author.token, [image(1, PNG), { name: 'thumbnail_1', filename: 't.png', type: 'image/png', value: Buffer.from('<html>') }]);
    expect(fakeThumb.json().errors.thumbnail_1).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const five = await postWith(author.token, [{ name: 'body_html', value: '<p>five</p>' }, ...[1, 2, 3, 4, 5].map((n) => image(n, PNG))]);
    expect(five.statusCode).toBe(422);
    expect(five.json().errors.images).toEqual(['A post carries at most 4 images.']);
    const nothing = await postWith(author.token, [{ name: 'body_html', value: '<p> </p>' }]);
    expect(nothing.json().errors.body_html).toEqual(['Write something before posting.']);
    const script = await postWith(author.token, [{ name: 'body_html', value: '<p>x</p><script>alert(1)</script>' }, image(1, PNG)]);
    expect(script.json().errors.body_html).toEqual(['Posts cannot contain scripts or embedded code. Remove it and post again.']);
    expect([await postCount(), await imageCount()]).toEqual([posts, images]);
  });

  it("serves a staff-only channel's images to staff only, and a hidden post's to its author and staff only", async () => {
    await t.call('POST', '/api/community/channels', {
      token: mentor.token,
      body: { name: 'Mentor room', slug: 'mentor-room', description: '', staff_only: true, read_only: false },
    });
    const staffPost = (await postWith(mentor.token, [{ name: 'body_html', value: '<p>desk</p>' }, image(1, PNG)], 'mentor-room')).json().data as Post;
    expect((await fetchImage(mentor.token, staffPost.images[0]!.id)).statusCode).toBe(200);
    const refused = await fetchImage(reader.token, staffPost.images[0]!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Image not found.');

    const post = (await postWith(author.token, [{ name: 'body_html', value: '<p>spam</p>' }, image(1, PNG)])).json().data as Post;
    expect((await t.call('PUT', `/api/community/posts/${post.id}/hidden`, { token: mentor.token, body: { hidden: true } })).statusCode).toBe(200);
    expect((await fetchImage(reader.token, post.images[0]!.id)).statusCode).toBe(404);
    expect((await fetchImage(author.token, post.images[0]!.id)).statusCode).toBe(200);
    expect((await fetchImage(mentor.token, post.images[0]!.id)).statusCode).toBe(200);
    expect((await fetchImage(reader.token, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses a member suspended from the community, or whose account is suspended, as it refuses the post', async () => {
    const post = (await postWith(author.token, [{ name: 'body_html', value: '<p>setup</p>' }, image(1, PNG)])).json().data as Post;
    const outsider = await signedInMember(t);
    expect((await fetchImage(outsider.token, post.images[0]!.id)).statusCode).toBe(200);
    await t.call('POST', `/api/community/restrictions/${outsider.id}`, { token: mentor.token, body: { kind: 'suspended', hours: null, reason: 'Spam' } });
    const suspended = await fetchImage(outsider.token, post.images[0]!.id);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe('You are suspended from the community: you can no longer read or post here.');
    expect((await postWith(outsider.token, [{ name: 'body_html', value: '<p>hi</p>' }, image(1, PNG)])).statusCode).toBe(403);
    const closed = await signedInMember(t, { status: 'suspended' });
    expect((await fetchImage(closed.token, post.images[0]!.id)).statusCode).toBe(403);
  });

  it('deletes the images with their post, and puts the member\'s images in their data archive', async () => {
    const member = await signedInMember(t);
    const kept = (await postWith(member.token, [{ name: 'body_html', value: '<p>kept</p>' }, image(1, JPEG, 'image/jpeg')])).json().data as Post;
    const gone = (await postWith(member.token, [{ name: 'body_html', value: '<p>gone</p>' }, image(1, PNG)])).json().data as Post;
    expect((await t.call('DELETE', `/api/community/posts/${gone.id}`, { token: member.token })).statusCode).toBe(200);
    expect((await fetchImage(member.token, gone.images[0]!.id)).statusCode).toBe(404);
    const files = await communityImageFilesOf(t.ctx, member.id);
    expect(files.map((f) => f.name)).toEqual([`community_images/${kept.images[0]!.id}.jpg`]);
    expect(Buffer.from(files[0]!.bytes).equals(JPEG)).toBe(true);
  });

  it('counts posts with images in the one posting limit', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < 10; i += 1) await t.call('POST', '/api/community/channels/general/posts', { token: member.token, body: { body_html: `<p>${i}</p>` } });
    expect((await postWith(member.token, [{ name: 'body_html', value: '<p>one more</p>' }, image(1, PNG)])).statusCode).toBe(429);
  });
});
