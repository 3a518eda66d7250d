import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, profile, renderRoute } from './account-test-harness';
import { Component } from './community-channel';

beforeEach(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(() => vi.unstubAllGlobals());

const CHANNEL = {
  id: 'c-1',
  name: 'Wins & lessons',
  slug: 'wins-and-lessons',
  description: 'Share a trade.',
  staff_only: false,
  read_only: false,
  position: 0,
  unread_count: 0,
  can_post: true,
};

const post = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  channel_id: 'c-1',
  parent_id: null,
  author: { id: 'u-1', name: 'Maya Chen' },
  mentor: false,
  body_html: '<p>Patience paid.</p>',
  shared_trade: {
    instrument: 'NAS100',
    side: 'buy',
    entry_time: '2026-10-30T13:35:00.000Z',
    exit_time: '2026-10-30T13:50:00.000Z',
    zone: 'America/Toronto',
    r_multiple: 2,
    pnl: null,
    pnl_as: 'r',
    note_html: null,
  },
  images: [],
  pinned: false,
  created_at: '2026-10-30T14:00:00.000Z',
  edited_at: null,
  reply_count: 1,
  reactions: [{ reaction: 'fire', count: 2, mine: true }],
  mine: true,
  hidden: false,
  ...overrides,
});

const routes = (extra = {}) => ({
  'GET /api/me': { body: { data: profile({ timezone: 'Europe/London' }) } },
  'GET /api/community/channels': { body: { data: [CHANNEL] } },
  'GET /api/community/channels/wins-and-lessons/posts': { body: { data: { channel: CHANNEL, pinned: [], posts: [post()], next_cursor: null } } },
  'POST /api/community/channels/wins-and-lessons/read': { body: { message: 'Channel marked as read.' } },
  'GET /api/community/posts/7/replies': {
    body: { data: [post({ id: 8, parent_id: 7, author: { id: 'u-2', name: 'Coach Sam' }, mentor: true, body_html: '<p>Good patience.</p>', shared_trade: null, reply_count: 0, reactions: [], mine: false })] },
  },
  ...extra,
});

describe('a community channel', () => {
  it('shows a shared trade as R only with its times in Toronto time, reactions, and a mentor reply in the thread', async () => {
    const api = fakeApi(routes());
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const card = await screen.findByRole('region', { name: 'Shared trade: NAS100' });
    expect(within(card).getByText('+2.00R')).toBeInTheDocument();
    expect(within(card).queryByText('P&L')).toBeNull();
    expect(within(card).getByText('Entry (Toronto time)')).toBeInTheDocument();
    expect(within(card).getByText('Oct 30, 2026, 9:35 AM EDT')).toBeInTheDocument();
    // The post's own time is in the member's zone.
    expect(screen.getByText('Oct 30, 2026, 2:00 PM GMT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fire: 2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.sent('POST', '/api/community/channels/wins-and-lessons/read')).not.toHaveLength(0));

    await userEvent.click(screen.getByRole('button', { name: '1 reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Mentor reply')).toBeInTheDocument();
    expect(within(replies).getByText('Good patience.')).toBeInTheDocument();
  });

  it('sends a new post as rich text and puts the server’s 422 under the editor', async () => {
    const api = fakeApi(
      routes({
        'POST /api/community/channels/wins-and-lessons/posts': {
          status: 422,
          body: { message: 'Posts cannot contain scripts or embedded code. Remove it and post again.', errors: { body_html: ['Posts cannot contain scripts or embedded code. Remove it and post again.'] } },
        },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const form = await screen.findByRole('form', { name: 'New post in Wins & lessons' });
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('Write something before posting.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/community/channels/wins-and-lessons/posts')).toHaveLength(0);

    const editor = within(form).getByRole('textbox', { name: 'New post in Wins & lessons' });
    act(() => editor.focus());
    await user.keyboard('Look at this');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('Posts cannot contain scripts or embedded code. Remove it and post again.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/community/channels/wins-and-lessons/posts')[0]!.body).toEqual({ body_html: '<p>Look at this</p>', parent_id: null });
  });

  it('attaches pasted and picked images with labels, sends them with the post as one upload, and refuses a fifth or a non-image', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
    const api = fakeApi(routes({ 'POST /api/community/channels/wins-and-lessons/image-posts': { status: 201, body: { data: post({ id: 20 }) } } }));
    const user = userEvent.setup();
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const form = await screen.findByRole('form', { name: 'New post in Wins & lessons' });
    const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

    const clipboard = { files: [png('pasted.png')], getData: () => '', types: ['Files'] };
    fireEvent.paste(within(form).getByRole('textbox', { name: 'New post in Wins & lessons' }), { clipboardData: clipboard });
    await user.type(await within(form).findByLabelText('Label for image 1 (optional)'), 'NQ entry');
    await user.upload(within(form).getByLabelText('Choose images for new post in wins & lessons'), [png('a.png'), png('b.png')]);
    expect(within(form).getAllByRole('button', { name: /^Remove image/ })).toHaveLength(3);
    await user.upload(within(form).getByLabelText('Choose images for new post in wins & lessons'), [png('c.png'), png('d.png')]);
    expect(within(form).getByRole('alert')).toHaveTextContent('A post carries at most 4 images.');
    expect(within(form).getAllByRole('button', { name: /^Remove image/ })).toHaveLength(4);
    expect(within(form).getByRole('button', { name: 'Add image' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove image 4' }));
    fireEvent.drop(form, { dataTransfer: { files: [new File(['<svg/>'], 'x.txt', { type: 'text/plain' })] } });
    expect(within(form).getByRole('alert')).toHaveTextContent('Upload a PNG, JPEG, WebP or GIF image.');

    // Images alone make a post: no text needed.
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.sent('POST', '/api/community/channels/wins-and-lessons/image-posts')).toHaveLength(1));
    expect(api.sent('POST', '/api/community/channels/wins-and-lessons/posts')).toHaveLength(0);
    const sent = api.sent('POST', '/api/community/channels/wins-and-lessons/image-posts')[0]!.body as FormData;
    expect([1, 2, 3, 4].map((n) => (sent.get(`image_${n}`) as File | null)?.name ?? null)).toEqual(['pasted.png', 'a.png', 'b.png', null]);
    expect(sent.get('alt_1')).toBe('NQ entry');
    expect(sent.get('alt_2')).toBeNull();
    expect(sent.get('body_html')).toBe('');
    await waitFor(() => expect(within(form).queryByRole('list', { name: 'Attached images' })).toBeNull());
  });

  it("shows a post's images as thumbnails that open the full image in a dialog titled with its label", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
    const images = [
      { id: 'i-1', alt: 'NQ 5-minute chart', content_type: 'image/png', size: 10 },
      { id: 'i-2', alt: '', content_type: 'image/png', size: 10 },
    ];
    const api = fakeApi(
      routes({
        'GET /api/community/channels/wins-and-lessons/posts': { body: { data: { channel: CHANNEL, pinned: [], posts: [post({ images, shared_trade: null })], next_cursor: null } } },
        'GET /api/community/images/i-1': { body: {} },
        'GET /api/community/images/i-2': { body: {} },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const list = await screen.findByRole('list', { name: 'Images' });
    expect(within(list).getByRole('button', { name: "Open Image 2 of 2 from Maya Chen's post" })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Open NQ 5-minute chart' }));
    const dialog = await screen.findByRole('dialog', { name: 'NQ 5-minute chart' });
    expect(await within(dialog).findByRole('img', { name: 'NQ 5-minute chart' })).toHaveAttribute('src', 'blob:image');
    expect(api.sent('GET', '/api/community/images/i-1').map((c) => c.query.size)).toEqual(['thumbnail', 'full']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a read-only channel takes staff posts only, with no composer', async () => {
    const readOnly = { ...CHANNEL, read_only: true, can_post: false };
    fakeApi(
      routes({
        'GET /api/community/channels': { body: { data: [readOnly] } },
        'GET /api/community/channels/wins-and-lessons/posts': { body: { data: { channel: readOnly, pinned: [], posts: [], next_cursor: null } } },
      }),
    );
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    expect(await screen.findByText('This channel is read-only: only staff post here.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /New post/ })).toBeNull();
  });

  it('reports another member’s post with a reason from the list, and says so when it was reported before', async () => {
    const theirs = post({ id: 9, author: { id: 'u-3', name: 'Ben Okafor' }, shared_trade: null, body_html: '<p>DM me</p>', mine: false });
    const mine = post({ hidden: true });
    const api = fakeApi(
      routes({
        'GET /api/community/channels/wins-and-lessons/posts': { body: { data: { channel: CHANNEL, pinned: [], posts: [theirs, mine], next_cursor: null } } },
        'POST /api/community/posts/9/reports': { status: 409, body: { message: 'You have already reported this post. Staff will review it.' } },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const own = await screen.findByRole('article', { name: 'Post by Maya Chen' });
    expect(within(own).getByText('Hidden by a moderator')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Report' })).toBeNull();

    const other = screen.getByRole('article', { name: 'Post by Ben Okafor' });
    await user.click(within(other).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: "Report Ben Okafor's post" });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Choose a reason for the report.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/community/posts/9/reports')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Spam or advertising');
    await user.type(within(dialog).getByLabelText('Note for staff (optional)'), 'Selling signals.');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(other).findByText('You have already reported this post. Staff will review it.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/community/posts/9/reports')[0]!.body).toEqual({ reason: 'spam', note: 'Selling signals.' });
  });

  it('takes a post a moderator hid off the screen while the channel is open, before the page is read again', async () => {
    const theirs = post({ id: 9, author: { id: 'u-3', name: 'Ben Okafor' }, shared_trade: null, body_html: '<p>DM me for signals</p>', mine: false, reply_count: 0, reactions: [] });
    let pageReads = 0;
    let releaseRefetch: () => void = () => undefined;
    fakeApi(
      routes({
        'GET /api/community/channels/wins-and-lessons/posts': () => {
          pageReads += 1;
          const answer = { body: { data: { channel: CHANNEL, pinned: [], posts: pageReads === 1 ? [theirs, post()] : [post()], next_cursor: null } } };
          // The page read after the event waits: what leaves the screen meanwhile is the event's doing.
          return pageReads === 1 ? answer : new Promise((resolve) => (releaseRefetch = () => resolve(answer)));
        },
      }),
    );
    // The channel's live feed: a stream this test writes Server-Sent Events into.
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => undefined;
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').pathname === '/api/community/channels/wins-and-lessons/events'
        ? Promise.resolve(
            new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (push = (text) => controller.enqueue(encoder.encode(text))) }), {
              headers: { 'content-type': 'text/event-stream' },
            }),
          )
        : served(input, init),
    );
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    expect(await screen.findByRole('article', { name: 'Post by Ben Okafor' })).toBeInTheDocument();

    act(() => push('event: removed\ndata: {"id":9,"parent_id":null}\n\n'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post by Ben Okafor' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Post by Maya Chen' })).toBeInTheDocument();
    expect(pageReads).toBe(2);
    act(() => releaseRefetch());
    await waitFor(() => expect(screen.getByText('Patience paid.')).toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Post by Ben Okafor' })).toBeNull();
  });

  it('suggests people to @mention as a list the keyboard drives: arrows choose, Enter picks, Escape closes', async () => {
    const api = fakeApi(
      routes({
        'GET /api/community/channels/wins-and-lessons/mentionable': {
          body: { data: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Coach Sam', mentor: true }, { id: '22222222-2222-4222-8222-222222222222', name: 'Sara Diaz', mentor: false }] },
        },
        'POST /api/community/channels/wins-and-lessons/posts': { status: 201, body: { data: post({ id: 30, shared_trade: null }) } },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons');
    const form = await screen.findByRole('form', { name: 'New post in Wins & lessons' });
    const editor = within(form).getByRole('textbox', { name: 'New post in Wins & lessons' });
    act(() => editor.focus());
    await user.keyboard('Thanks @s');
    const list = await within(form).findByRole('listbox', { name: 'People to mention' });
    expect(editor).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Coach Sam · Mentor', 'Sara Diaz']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(api.sent('GET', '/api/community/channels/wins-and-lessons/mentionable').at(-1)!.query).toEqual({ q: 's' });

    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(editor).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(form).queryByRole('listbox')).toBeNull());
    expect(editor).toHaveTextContent('Thanks @Sara Diaz');

    // Escape closes the list and the text stays as typed.
    await user.keyboard('and @c');
    expect(await within(form).findByRole('listbox', { name: 'People to mention' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(form).queryByRole('listbox')).toBeNull());
    expect(editor).toHaveTextContent('Thanks @Sara Diaz and @c');

    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.sent('POST', '/api/community/channels/wins-and-lessons/posts')).toHaveLength(1));
    expect(api.sent('POST', '/api/community/channels/wins-and-lessons/posts')[0]!.body).toEqual({
      body_html: '<p>Thanks <span data-mention="22222222-2222-4222-8222-222222222222">@Sara Diaz</span> and @c</p>',
      parent_id: null,
    });
  });

  it('opens a linked thread first with its replies, and shows a mention in a post as a mention', async () => {
    fakeApi(
      routes({
        'GET /api/community/posts/7': { body: { data: post({ body_html: '<p>Ask <span data-mention="22222222-2222-4222-8222-222222222222">@Sara Diaz</span></p>' }) } },
      }),
    );
    renderRoute('/community/:channelSlug', Component, '/community/wins-and-lessons?thread=7');
    const thread = await screen.findByRole('region', { name: 'Thread' });
    const replies = await within(thread).findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Good patience.')).toBeInTheDocument();
    const mention = within(thread).getByText('@Sara Diaz');
    expect(mention.tagName).toBe('SPAN');
    expect(mention).toHaveAttribute('data-mention', '22222222-2222-4222-8222-222222222222');
    expect(within(thread).getByRole('link', { name: 'Show all posts' })).toHaveAttribute('href', '/community/wins-and-lessons');
  });
});
