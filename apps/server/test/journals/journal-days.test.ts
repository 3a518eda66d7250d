import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedWeek } from '../trades/fixtures.ts';

let t: TestApp;
let token: string;
let manualIds: string[];
let p1: string;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
  ({ manualIds } = await seedWeek(t, member, token));
  const day = (await t.call('GET', '/api/trades/order-history?entry_from=2026-01-05&entry_to=2026-01-05&side=buy&instrument=NAS', { token })).json();
  p1 = day.data[0].id;
});
afterAll(() => t.close());

describe('GET/PUT /api/journals/days/{date}', () => {
  it('answers an empty journal for a day never written', async () => {
    const res = await t.call('GET', '/api/journals/days/2026-01-05', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      date: '2026-01-05',
      session: null,
      sentiment: null,
      plan_summary: null,
      overall_notes: null,
      tags: [],
      updated_at: null,
      trades: {},
    });
  });

  it('[T104] saves the narrative with formatting kept and scripts removed; blanks become null', async () => {
    const res = await t.call('PUT', '/api/journals/days/2026-01-05', {
      token,
      body: {
        session: 'New York',
        sentiment: '',
        plan_summary: 'Wait for the ORB',
        overall_notes:
          '<p><strong>Patient</strong> <u>day</u><script>alert(1)</script></p><ul><li><p>Took <em>one</em> setup</p></li></ul><img src=x onerror=alert(1)>',
        tags: ['A+ setup', 'a+ setup', '  ', 'Patience'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data;
    expect(day.overall_notes).toBe('<p><strong>Patient</strong> <u>day</u></p><ul><li><p>Took <em>one</em> setup</p></li></ul>');
    expect(day).toMatchObject({ session: 'New York', sentiment: null, plan_summary: 'Wait for the ORB', tags: ['A+ setup', 'Patience'] });

    // A later save of the narrative alone keeps the other fields.
    const again = await t.call('PUT', '/api/journals/days/2026-01-05', { token, body: { overall_notes: '<p></p>' } });
    expect(again.json().data).toMatchObject({ overall_notes: null, plan_summary: 'Wait for the ORB', tags: ['A+ setup', 'Patience'] });
    expect((await t.call('GET', '/api/journals/days/2026-01-05', { token })).json().data.plan_summary).toBe('Wait for the ORB');
  });

  it('keeps both of two saves sent at once with different fields (two open tabs)', async () => {
    const save = (body: Record<string, unknown>) => t.call('PUT', '/api/journals/days/2026-01-09', { token, body });
    const results = await Promise.all([
      save({ overall_notes: '<p>Waited for the <strong>retest</strong>.</p>' }),
      save({ sentiment: 'Patient', tags: ['A+ setup', 'a+ setup', 'News'] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const day = (await t.call('GET', '/api/journals/days/2026-01-09', { token })).json().data;
    expect(day).toMatchObject({
      overall_notes: '<p>Waited for the <strong>retest</strong>.</p>',
      sentiment: 'Patient',
      tags: ['A+ setup', 'News'],
      session: null,
    });
    // A later save of one field leaves the others as they were.
    const later = await save({ session: 'New York' });
    expect(later.json().data).toMatchObject({ session: 'New York', sentiment: 'Patient', tags: ['A+ setup', 'News'] });
  });

  it('refuses dates that are not real days', async () => {
    for (const date of ['2026-02-30', '2026-1-5', 'today']) {
      const res = await t.call('GET', `/api/journals/days/${date}`, { token });
      expect(res.statusCode, date).toBe(422);
      expect(res.json().message).toBe('Invalid or missing date provided.');
      expect((await t.call('PUT', `/api/journals/days/${date}`, { token, body: {} })).statusCode).toBe(422);
    }
  });

  it("keeps each member's journal to themselves", async () => {
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const res = await t.call('GET', '/api/journals/days/2026-01-05', { token: otherToken });
    expect(res.json().data).toMatchObject({ plan_summary: null, trades: {} });
  });
});

describe('PUT /api/journals/days/{date}/trades/{tradeId}', () => {
  const entry = {
    outcome: 'Clean breakout, took partials',
    notes: '<p>Entered on the <strong>retest</strong></p><iframe src="https://evil.example"></iframe>',
    context: { session: 'London', marketCondition: 'Trend', news: '' },
    emotions: { before: 'Calm', during: 'Focused', after: 'Satisfied' },
    checklist: { planAligned: true, riskManaged: true, scalingRules: false },
    labels: ['ORB'],
  };

  it('saves the entry under the trade id with sanitized notes and the trade’s own session', async () => {
    const res = await t.call('PUT', `/api/journals/days/2026-01-05/trades/${p1}`, { token, body: entry });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data.trades[p1];
    expect(saved).toMatchObject({
      trade_id: p1,
      outcome: 'Clean breakout, took partials',
      notes: '<p>Entered on the <strong>retest</strong></p>',
      // The session is read-only: the trade's, whatever the request said.
      context: { session: 'New York', marketCondition: 'Trend', news: null },
      emotions: { before: 'Calm', during: 'Focused', after: 'Satisfied' },
      checklist: { planAligned: true, riskManaged: true, scalingRules: false },
      labels: ['ORB'],
    });
    const day = (await t.call('GET', '/api/journals/days/2026-01-05', { token })).json().data;
    expect(Object.keys(day.trades)).toEqual([p1]);
  });

  it('[T99] accepts only the listed emotions', async () => {
    const res = await t.call('PUT', `/api/journals/days/2026-01-05/trades/${p1}`, {
      token,
      body: { ...entry, emotions: { before: 'Greedy', during: '', after: null } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['emotions.before']).toEqual(['Choose an emotion from the list.']);
  });

  it('requires the trade to be on that day and to be the member’s', async () => {
    const wrongDay = await t.call('PUT', `/api/journals/days/2026-01-06/trades/${p1}`, { token, body: entry });
    expect(wrongDay.statusCode).toBe(422);
    const missing = await t.call('PUT', '/api/journals/days/2026-01-05/trades/manual-999999', { token, body: entry });
    expect(missing.statusCode).toBe(404);

    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const foreign = await t.call('PUT', `/api/journals/days/2026-01-05/trades/${p1}`, { token: otherToken, body: entry });
    expect(foreign.statusCode).toBe(404);
    // A manual id prefix never reaches a synced trade with the same number.
    const mislabelled = await t.call('PUT', `/api/journals/days/2026-01-05/trades/manual-${p1}`, { token, body: entry });
    expect(mislabelled.statusCode).toBe(404);
  });

  it('drops the entry with its manual trade', async () => {
    const m1 = manualIds[0]!;
    const saved = await t.call('PUT', `/api/journals/days/2026-01-07/trades/${m1}`, { token, body: { outcome: 'Quick scalp' } });
    expect(saved.json().data.trades[m1]).toMatchObject({ outcome: 'Quick scalp', context: { session: 'Premarket' } });
    await t.call('DELETE', `/api/trades/manual/${m1}`, { token });
    expect((await t.call('GET', '/api/journals/days/2026-01-07', { token })).json().data.trades).toEqual({});
  });
});
