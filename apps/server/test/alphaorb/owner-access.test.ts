import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunner } from '../../src/modules/alphaorb/runner.ts';
import { createMember } from '../support/members.ts';
import { botBody, botMember, createWorld, linkSimAccount, type World } from './support.ts';

// Thursday 2026-01-08 09:00 in New York: the day's run is still idle.
let world: World;
let admin: string;
beforeAll(async () => {
  world = await createWorld('2026-01-08T14:00:00Z');
  const staff = await createMember(world.t.ctx, { roles: ['admin'] });
  admin = await world.t.login(staff.email, staff.password);
});
afterAll(() => world.close());

async function ownerWithBot() {
  const owner = await botMember(world);
  const account = await linkSimAccount(world, owner.id);
  const res = await world.t.call('POST', '/api/alphaorb/bots', { token: owner.token, body: botBody(account.id) });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, botId: res.json().bot.id as string };
}

const enabledOf = async (botId: string) =>
  (await world.t.ctx.database.query<{ enabled: boolean }>('select enabled from alphaorb_bots where id = $1', [botId]))[0]!.enabled;

describe('GET /api/me/bots', () => {
  it("lists only the member's own bots, with what can still stop them", async () => {
    const { owner, botId } = await ownerWithBot();
    await ownerWithBot();
    const res = await world.t.call('GET', '/api/me/bots', { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bots).toEqual([
      { id: botId, label: expect.any(String), instrument: 'NAS100', enabled: true, can_pause: true, can_hard_stop: false },
    ]);
    expect((await world.t.call('GET', '/api/me/bots')).statusCode).toBe(401);
  });
});

describe('bots whose owner may no longer run them', () => {
  it('are paused, on the record, when staff suspend the owner; the owner can still pause and hard stop', async () => {
    const { owner, botId } = await ownerWithBot();
    const res = await world.t.call('PATCH', `/api/staff/members/${owner.id}`, {
      token: admin,
      body: { status: 'suspended', suspended_reason: 'Chargeback' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await enabledOf(botId)).toBe(false);
    const audit = (await world.t.call('GET', `/api/staff/audit?subject_id=${owner.id}`, { token: admin })).json();
    expect(JSON.stringify(audit)).toContain('alphaorb.bots_paused');

    // From the account area: pausing again and asking for a hard stop are answered, not refused.
    const listed = await world.t.call('GET', '/api/me/bots', { token: owner.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().bots).toEqual([
      expect.objectContaining({ id: botId, enabled: false, can_pause: false, can_hard_stop: false }),
    ]);
    const pause = await world.t.call('POST', `/api/alphaorb/bots/${botId}/pause`, { token: owner.token, body: {} });
    expect(pause.statusCode, pause.body).toBe(200);
    const stop = await world.t.call('POST', `/api/alphaorb/bots/${botId}/hard-stop`, { token: owner.token, body: {} });
    expect(stop.statusCode, stop.body).toBe(409);
    expect(stop.json().message).toBe('There is no active run to hard stop.');
    // Resuming stays an AlphaORB member's power.
    const resume = await world.t.call('POST', `/api/alphaorb/bots/${botId}/resume`, { token: owner.token, body: {} });
    expect(resume.statusCode).toBe(403);
  });

  it('are paused by the runner when the owner loses alphaorb.manage, and start no run', async () => {
    const { owner, botId } = await ownerWithBot();
    await world.t.ctx.database.query("update users set permissions = '{}' where id = $1", [owner.id]);
    await createRunner(world.t.ctx, { hooks: {} }).pass();
    expect(await enabledOf(botId)).toBe(false);
    // When the opening range starts, the paused run is skipped instead of arming.
    world.clock.now = Date.parse('2026-01-08T14:31:00Z');
    await createRunner(world.t.ctx, { hooks: {} }).pass();
    const runs = await world.t.ctx.database.query<{ state: string }>('select state from alphaorb_bot_runs where bot_id = $1', [botId]);
    expect(runs.map((run) => run.state)).toEqual(['skipped']);
    // Another member's bot is left alone.
    const other = await ownerWithBot();
    await createRunner(world.t.ctx, { hooks: {} }).pass();
    expect(await enabledOf(other.botId)).toBe(true);
  });
});

describe('a bot deleted while the runner drives it', () => {
  it('is let go quietly: no error is logged and the pass goes on', async () => {
    const { botId } = await ownerWithBot();
    await createRunner(world.t.ctx, { hooks: {} }).pass();
    world.clock.now = Date.parse('2026-01-08T14:31:00Z');
    const errors = vi.spyOn(world.t.ctx.log, 'error');
    // The owner deletes the bot just as the runner reaches its broker.
    const runner = createRunner(world.t.ctx, {
      hooks: {},
      brokerFor: async () => {
        await world.t.ctx.database.query('delete from alphaorb_bots where id = $1', [botId]);
        return null;
      },
    });
    await runner.pass();
    expect(errors.mock.calls.map((call) => call[1])).toEqual([]);
    errors.mockRestore();
  });
});
