import { describe, expect, it } from 'vitest';
import type { OrbAction, OrbRunState } from '@th/domain';
import { pausedNotice, runNotices } from '../../src/modules/alphaorb/notices.ts';

const bot = { id: '5b0c1f7e-6a43-4d0a-9a55-0c6f2b7d9e01', label: 'NQ Opener', userId: 'u-1' };
const state = (name: string) => ({ state: name }) as unknown as OrbRunState;
const closed = (exitReason: 'stop' | 'target' | 'flatten'): OrbAction =>
  ({
    type: 'trade_closed',
    trade: { clientOrderId: 'orb-1-l1', exitReason, instrument: 'NQ', side: 'buy', exitPrice: 18_250.25, pnl: -120.5 },
  }) as unknown as OrbAction;

describe('AlphaORB notices (what the runner tells the bot owner)', () => {
  it('an order filled, stopped out, target hit and a run error; each keyed by run and order', () => {
    const filled = runNotices(bot, 'run-1', { type: 'order_update', clientOrderId: 'orb-1-l1', status: 'filled', fillPrice: 18_300, at: 0 }, state('entry_pending'), state('in_position'), []);
    expect(filled).toEqual([
      expect.objectContaining({ userIds: ['u-1'], kind: 'alphaorb', eventKey: 'run-1:filled:orb-1-l1', title: 'NQ Opener: order filled', link: expect.stringMatching(/^\/alphaorb\/bots\//) }),
    ]);
    const stopped = runNotices(bot, 'run-1', { type: 'tick', at: 0 }, state('in_position'), state('monitoring'), [closed('stop')]);
    expect(stopped.map((n) => [n.eventKey, n.title])).toEqual([['run-1:stop:orb-1-l1', 'NQ Opener: stopped out']]);
    expect(stopped[0]!.body).toBe('NQ buy closed at 18250.25 (stopped out); P&L -120.5.');
    const target = runNotices(bot, 'run-1', { type: 'tick', at: 0 }, state('in_position'), state('closed'), [closed('target')]);
    expect(target.map((n) => n.title)).toEqual(['NQ Opener: target hit']);
    // A session-close flatten is routine: no notice.
    expect(runNotices(bot, 'run-1', { type: 'tick', at: 0 }, state('in_position'), state('closed'), [closed('flatten')])).toEqual([]);
    const failed = runNotices(bot, 'run-1', { type: 'tick', at: 0 }, state('monitoring'), state('failed'), []);
    expect(failed.map((n) => [n.eventKey, n.title])).toEqual([['run-1:failed', 'NQ Opener: run error']]);
    expect(runNotices(bot, 'run-1', { type: 'tick', at: 0 }, state('failed'), state('failed'), [])).toEqual([]);
  });

  it('a pause is news once per pause', () => {
    const at = new Date('2026-01-06T13:00:00Z');
    expect(pausedNotice(bot, at)).toMatchObject({ eventKey: `${bot.id}:paused:2026-01-06T13:00:00.000Z`, title: 'NQ Opener: bot paused' });
  });
});
