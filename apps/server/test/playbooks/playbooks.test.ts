import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedJanuary } from '../reports/fixtures.ts';

let t: TestApp;
let token: string;
let otherToken: string;
/** January's trades by broker position (A1…A7), as the trade log names them. */
const ids: Record<string, string> = {};
const dates: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const member = await signedInMember(t);
  token = member.token;
  otherToken = (await signedInMember(t)).token;
  await seedJanuary(t, member, token);
  const log = (await t.call('GET', '/api/trades/order-history?per_page=50', { token })).json();
  const byTime: Record<string, string> = {
    '2026-01-05T14:35:00.000Z': 'A1',
    '2026-01-05T15:10:00.000Z': 'A2',
    '2026-01-07T14:31:00.000Z': 'A5',
    '2026-01-08T15:00:00.000Z': 'A6',
  };
  for (const trade of log.data) {
    const name = byTime[new Date(trade.entry_time).toISOString()];
    if (name) {
      ids[name] = trade.id;
      dates[name] = trade.trade_date;
    }
  }
  expect(Object.keys(ids).sort()).toEqual(['A1', 'A2', 'A5', 'A6']);
});
afterAll(() => t.close());

const create = (body: unknown, as = token) => t.call('POST', '/api/playbooks', { token: as, body });
const journal = (trade: string, body: unknown, as = token) =>
  t.call('PUT', `/api/journals/days/${dates[trade]}/trades/${ids[trade]}`, { token: as, body });
const logIds = async (query: string) =>
  (await t.call('GET', `/api/trades/order-history?per_page=50&${query}`, { token })).json().data.map((trade: { id: string }) => trade.id).sort();

let orb: { id: string; rules: { id: string; text: string }[] };
let fade: { id: string; rules: { id: string; text: string }[] };

describe('playbooks', () => {
  it('requires authentication', async () => {
    expect((await t.call('GET', '/api/playbooks')).statusCode).toBe(401);
  });

  it('creates a playbook with its rules in order, text cleaned', async () => {
    const res = await create({ name: '  Opening range break ', description: '<b>First</b> hour', rules: [{ text: 'Wait for the range' }, { text: 'Stop under the range' }] });
    expect(res.statusCode, res.body).toBe(201);
    orb = res.json().data;
    expect(orb).toMatchObject({ name: 'Opening range break', description: 'First hour', trades: 0 });
    expect(orb.rules.map((rule) => rule.text)).toEqual(['Wait for the range', 'Stop under the range']);
    expect(new Set(orb.rules.map((rule) => rule.id)).size).toBe(2);
    fade = (await create({ name: 'Fade', rules: [{ text: 'Fade at the level' }] })).json().data;
  });

  it('refuses a name too long, blank or taken (in any case) with the message on the field; nothing saved', async () => {
    const long = await create({ name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toEqual(['Name is limited to 60 characters.']);
    const blank = await create({ name: '   ' });
    expect(blank.json().errors.name).toEqual(['Name is required.']);
    const taken = await create({ name: 'OPENING RANGE BREAK' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['You already have a playbook with this name.']);
    const rule = await create({ name: 'Other', rules: [{ text: 'r'.repeat(201) }] });
    expect(rule.json().errors['rules.0.text']).toEqual(['Each rule is limited to 200 characters.']);
    const list = (await t.call('GET', '/api/playbooks', { token })).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Fade', 'Opening range break']);
  });

  it('lets another member use the same name, and answers 404 for a playbook not theirs', async () => {
    expect((await create({ name: 'Fade' }, otherToken)).statusCode).toBe(201);
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Mine' }], ['DELETE', undefined]] as const) {
      const res = await t.call(method, `/api/playbooks/${orb.id}`, { token: otherToken, body });
      expect(res.statusCode, `${method}`).toBe(404);
    }
    expect((await t.call('GET', '/api/playbooks/not-a-number', { token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/playbooks/${orb.id}`, { token })).json().data.name).toBe('Opening range break');
  });

  it('keeps a rule id when its text is edited, and refuses renaming onto another playbook', async () => {
    const [first, second] = orb.rules;
    const res = await t.call('PUT', `/api/playbooks/${orb.id}`, {
      token,
      body: { name: 'ORB', description: null, rules: [{ id: first!.id, text: 'Wait for the 15-min range' }, { id: second!.id, text: second!.text }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    orb = res.json().data;
    expect(orb.rules).toEqual([{ id: first!.id, text: 'Wait for the 15-min range' }, second]);
    const clash = await t.call('PUT', `/api/playbooks/${orb.id}`, { token, body: { name: 'fade' } });
    expect(clash.json().errors.name).toEqual(['You already have a playbook with this name.']);
  });
});

describe('a trade under a playbook, with tags', () => {
  it('assigns a playbook and the rules followed; refuses another member’s playbook and foreign rules', async () => {
    const [wait, stop] = orb.rules.map((rule) => rule.id);
    const saved = await journal('A1', { playbook_id: orb.id, rules_followed: [wait, stop], labels: ['A+ setup'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.trades[ids.A1!]).toMatchObject({ playbook_id: orb.id, rules_followed: [wait, stop], labels: ['A+ setup'] });

    const othersPlaybook = (await t.call('GET', '/api/playbooks', { token: otherToken })).json().data[0].id;
    const foreign = await journal('A2', { playbook_id: othersPlaybook });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.playbook_id).toEqual(['Choose a playbook from the list.']);
    const wrongRule = await journal('A2', { playbook_id: orb.id, rules_followed: [fade.rules[0]!.id] });
    expect(wrongRule.json().errors.rules_followed).toEqual(['Tick only rules of the chosen playbook.']);
    const noPlaybook = await journal('A2', { rules_followed: [wait] });
    expect(noPlaybook.json().errors.playbook_id).toEqual(['Choose a playbook before ticking its rules.']);
    expect((await t.call('GET', `/api/journals/days/${dates.A2}`, { token })).json().data.trades[ids.A2!]).toBeUndefined();

    expect((await journal('A2', { playbook_id: orb.id, rules_followed: [wait], labels: ['FOMO entry'] })).statusCode).toBe(200);
    expect((await journal('A5', { playbook_id: orb.id, rules_followed: [stop, wait] })).statusCode).toBe(200);
    expect((await journal('A6', { playbook_id: fade.id, rules_followed: [fade.rules[0]!.id], labels: ['fomo entry'] })).statusCode).toBe(200);
    // A later save without the playbook fields keeps them.
    const kept = await journal('A6', { outcome: 'Stopped out' });
    expect(kept.json().data.trades[ids.A6!]).toMatchObject({ playbook_id: fade.id, rules_followed: [fade.rules[0]!.id] });
  });

  it('filters the trade log by playbook and by tag (any case), and sees a new tag at once', async () => {
    expect(await logIds(`playbook=${orb.id}`)).toEqual([ids.A1, ids.A2, ids.A5].sort());
    expect(await logIds(`playbook=${fade.id}`)).toEqual([ids.A6]);
    expect(await logIds('tag=FOMO%20ENTRY')).toEqual([ids.A2, ids.A6].sort());
    expect(await logIds(`tag=fomo%20entry&playbook=${orb.id}`)).toEqual([ids.A2]);
    const bad = await t.call('GET', '/api/trades/order-history?playbook=abc', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.playbook).toEqual(['Choose a playbook from the list.']);
    // Another member's playbook id matches none of this member's trades.
    const othersPlaybook = (await t.call('GET', '/api/playbooks', { token: otherToken })).json().data[0].id;
    expect(await logIds(`playbook=${othersPlaybook}`)).toEqual([]);

    // The page asked before a trade was tagged is not served again after (journal revision).
    expect(await logIds('tag=Late')).toEqual([]);
    await journal('A5', { labels: ['Late'] });
    expect(await logIds('tag=Late')).toEqual([ids.A5]);
    expect(await logIds(`playbook=${orb.id}&tag=late`)).toEqual([ids.A5]);
  });

  it('filters TradeDesk’s day summaries by playbook and tag', async () => {
    const days = async (query: string) =>
      (await t.call('GET', `/api/trades/day-summaries?from=2026-01-01&to=2026-01-31&${query}`, { token })).json().data;
    expect(await days(`playbook=${orb.id}`)).toEqual([
      { date: '2026-01-05', net: 75.25, trades: 2 },
      { date: '2026-01-07', net: 0, trades: 1 },
    ]);
    expect(await days('tag=fomo%20entry')).toEqual([
      { date: '2026-01-05', net: -45.25, trades: 1 },
      { date: '2026-01-08', net: -30, trades: 1 },
    ]);
    expect((await t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31&playbook=x', { token })).statusCode).toBe(422);
  });

  it('counts the trades of each playbook', async () => {
    const list = (await t.call('GET', '/api/playbooks', { token })).json().data;
    expect(list.map((p: { name: string; trades: number }) => [p.name, p.trades])).toEqual([['Fade', 1], ['ORB', 3]]);
  });

  it('breaks the report down by playbook, rules followed and tag (figures worked out by hand)', async () => {
    const res = await t.call('GET', '/api/reports/playbooks?from=2026-01-01&to=2026-01-31', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { playbooks, rules, tags } = res.json().data;
    // ORB: A1 +120.50 (6.025R), A2 −45.25, A5 0 (flat). Fade: A6 −30 (−3R).
    expect(playbooks).toEqual([
      { key: orb.id, label: 'ORB', trades: 3, wins: 1, losses: 1, flats: 1, net: 75.25, gross_win: 120.5, gross_loss: 45.25, win_rate: 33.3, profit_factor: 2.66, expectancy: 25.08, average_win: 120.5, average_loss: -45.25, average_r: 6.03, trades_with_risk: 1 },
      { key: fade.id, label: 'Fade', trades: 1, wins: 0, losses: 1, flats: 0, net: -30, gross_win: 0, gross_loss: 30, win_rate: 0, profit_factor: 0, expectancy: -30, average_win: null, average_loss: -30, average_r: -3, trades_with_risk: 1 },
    ]);
    // All followed: A1, A5, A6; some missed: A2.
    expect(rules.map((r: { label: string; trades: number; net: number; average_r: number | null }) => [r.label, r.trades, r.net, r.average_r])).toEqual([
      ['All rules followed', 3, 90.5, 1.51],
      ['Some rules missed', 1, -45.25, null],
    ]);
    const fomo = tags.find((tag: { key: string }) => tag.key === 'fomo entry');
    expect(fomo).toMatchObject({ label: 'FOMO entry', trades: 2, wins: 0, losses: 2, net: -75.25, win_rate: 0, average_r: -3, trades_with_risk: 1 });
    expect(tags.map((tag: { label: string }) => tag.label).sort()).toEqual(['A+ setup', 'FOMO entry', 'Late']);
  });

  it('reads a new rule as missed on trades that did not tick it, and renames at once', async () => {
    await t.call('PUT', `/api/playbooks/${fade.id}`, { token, body: { name: 'Level fade', rules: [...fade.rules, { text: 'Wait for confirmation' }] } });
    const { playbooks, rules } = (await t.call('GET', '/api/reports/playbooks?from=2026-01-01&to=2026-01-31', { token })).json().data;
    expect(playbooks.map((p: { label: string }) => p.label)).toEqual(['ORB', 'Level fade']);
    expect(rules.map((r: { label: string; trades: number }) => [r.label, r.trades])).toEqual([['All rules followed', 2], ['Some rules missed', 2]]);
  });

  it('deleting a playbook keeps its trades, without a playbook', async () => {
    const res = await t.call('DELETE', `/api/playbooks/${fade.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Playbook deleted.');
    const entry = (await t.call('GET', `/api/journals/days/${dates.A6}`, { token })).json().data.trades[ids.A6!];
    expect(entry).toMatchObject({ playbook_id: null, rules_followed: [], outcome: 'Stopped out' });
    expect(await logIds(`playbook=${fade.id}`)).toEqual([]);
    expect((await t.call('GET', `/api/playbooks/${fade.id}`, { token })).statusCode).toBe(404);
  });
});
