import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCommunity } from '../../src/seed/community.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-02T15:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let member: Signed;
let other: Signed;
let mentor: Signed;
let tradeId: string;
let otherTradeId: string;

const manualTrade = async (token: string) => {
  const created = await t.call('POST', '/api/trades/manual', {
    token,
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
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedCommunity(t.ctx);
  [member, other, mentor] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t, { roles: ['mentor'] })]);
  tradeId = await manualTrade(member.token);
  otherTradeId = await manualTrade(other.token);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = new Date(clock.getTime() + 61_000);
});

const share = async (token: string, trade: string) => {
  const res = await t.call('POST', '/api/community/shared-trades', {
    token,
    body: { channel_slug: 'wins-and-lessons', trade_id: trade, pnl_as: 'r', include_note: false, body_html: '<p>How was my exit?</p>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
const reply = async (token: string, parentId: number, html: string) => {
  const res = await t.call('POST', '/api/community/channels/wins-and-lessons/posts', { token, body: { body_html: html, parent_id: parentId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; mentor: boolean };
};
const feedback = (token: string, trade: string) => t.call('GET', `/api/community/trade-feedback/${trade}`, { token });

describe('mentor feedback on a shared trade', () => {
  it('requires authentication', async () => {
    expect((await t.call('GET', `/api/community/trade-feedback/${tradeId}`)).statusCode).toBe(401);
  });

  it("shows the mentors' replies (marked as mentor replies in the thread) on the member's trade; a member's reply is not feedback", async () => {
    const thread = await share(member.token, tradeId);
    const mentorReply = await reply(mentor.token, thread, '<p>Your exit was early: the target was the range high.</p>');
    expect(mentorReply.mentor).toBe(true);
    const memberReply = await reply(other.token, thread, '<p>Nice trade!</p>');
    expect(memberReply.mentor).toBe(false);

    const res = await feedback(member.token, tradeId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        reply_id: mentorReply.id,
        thread_id: thread,
        channel: { name: 'Wins & lessons', slug: 'wins-and-lessons' },
        mentor: { id: mentor.id, name: expect.stringMatching(/^Test Member\d+$/) },
        body_html: '<p>Your exit was early: the target was the range high.</p>',
        created_at: clock.toISOString(),
        edited_at: null,
      },
    ]);
  });

  it("answers 404 for another member's trade, as for a missing one", async () => {
    const theirs = await feedback(member.token, otherTradeId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Trade not found.');
    expect((await feedback(member.token, 'm999999')).statusCode).toBe(404);
    // The owner of the other trade gets an empty list, not someone else's feedback.
    expect((await feedback(other.token, otherTradeId)).json().data).toEqual([]);
  });

  it('leaves out a mentor reply a moderator hid or deleted', async () => {
    const thread = await share(member.token, tradeId);
    const hidden = await reply(mentor.token, thread, '<p>Hidden advice.</p>');
    const deleted = await reply(mentor.token, thread, '<p>Deleted advice.</p>');
    const kept = await reply(mentor.token, thread, '<p>Kept advice.</p>');
    expect((await t.call('PUT', `/api/community/posts/${hidden.id}/hidden`, { token: mentor.token, body: { hidden: true } })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/community/posts/${deleted.id}`, { token: mentor.token })).statusCode).toBe(200);

    const texts = (await feedback(member.token, tradeId)).json().data.map((item: { body_html: string }) => item.body_html);
    expect(texts).toContain('<p>Kept advice.</p>');
    expect(texts).not.toContain('<p>Hidden advice.</p>');
    expect(texts).not.toContain('<p>Deleted advice.</p>');
    expect(kept.mentor).toBe(true);
  });

  it('ends when the shared post is deleted', async () => {
    const fresh = await manualTrade(member.token);
    const thread = await share(member.token, fresh);
    await reply(mentor.token, thread, '<p>Advice on a post about to go.</p>');
    expect((await feedback(member.token, fresh)).json().data).toHaveLength(1);
    expect((await t.call('DELETE', `/api/community/posts/${thread}`, { token: member.token })).statusCode).toBe(200);
    expect((await feedback(member.token, fresh)).json().data).toEqual([]);
  });
});
