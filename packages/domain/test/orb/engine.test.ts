import { describe, expect, it } from 'vitest';
import {
  clientOrderIdFor,
  createRun,
  isActive,
  nextRunDay,
  normalizeOrbSettings,
  planRun,
  runMetrics,
  runPermissions,
  runSteps,
  step,
} from '../../src/orb/index.ts';
import type { OrbRunState, OrbSettings } from '../../src/orb/index.ts';
import {
  at,
  bar,
  logs,
  ofType,
  rangeBars,
  settingsWith,
  simulateDay,
  windowFor,
} from './helpers.ts';

function walk(
  settings: OrbSettings,
  state: OrbRunState,
  events: Parameters<typeof step>[1][],
): OrbRunState {
  return events.reduce((s, e) => step(s, e, settings).state, state);
}

describe('run schedule', () => {
  it('keeps 09:30 New York local across the March DST change', () => {
    const s = normalizeOrbSettings({ orb_minutes: 15 });
    const before = planRun(s, '2024-03-08');
    const after = planRun(s, '2024-03-11');
    expect(new Date(before.orbStart).toISOString()).toBe('2024-03-08T14:30:00.000Z');
    expect(new Date(after.orbStart).toISOString()).toBe('2024-03-11T13:30:00.000Z');
    expect(after.orbEnd - after.orbStart).toBe(15 * 60_000);
    expect(new Date(after.flattenAt).toISOString()).toBe('2024-03-11T19:55:00.000Z');
    expect(after.armAt).toBe(after.orbStart - 10 * 60_000);
  });

  it('puts the flatten of an evening range on the next local day', () => {
    const w = planRun(
      normalizeOrbSettings({ orb_start_local: '18:00', flatten_at_local: '15:55' }),
      '2024-07-09',
    );
    expect(new Date(w.flattenAt).toISOString()).toBe('2024-07-10T19:55:00.000Z');
  });

  it('finds the next run day among run_days', () => {
    const s = normalizeOrbSettings({ run_days: ['mon', 'wed'] });
    const tuesdayNoon = Date.parse('2024-07-09T16:00:00Z');
    expect(nextRunDay(s, tuesdayNoon)?.tradingDay).toBe('2024-07-10');
    const mondayEarly = Date.parse('2024-07-08T12:00:00Z');
    expect(nextRunDay(s, mondayEarly)?.tradingDay).toBe('2024-07-08');
    const mondayAfterOpen = Date.parse('2024-07-08T14:00:00Z');
    expect(nextRunDay(s, mondayAfterOpen)?.tradingDay).toBe('2024-07-10');
  });

  it('repairs invalid settings the way the form does', () => {
    const s = normalizeOrbSettings({
      orb_minutes: 7 as 5,
      run_days: [],
      orb_start_local: '9:30',
      stop_loss_adjust: -3,
    });
    expect(s.orb_minutes).toBe(5);
    expect(s.run_days).toHaveLength(7);
    expect(s.orb_start_local).toBe('09:30');
    expect(s.stop_loss_adjust).toBe(0);
    expect(s.take_profits).toEqual([{ target_r: 2, size_percent: 100 }]);
  });
});

describe('run states', () => {
  const settings = settingsWith();
  const w = windowFor(settings);

  it('walks idle → armed → at_orb → range_fetched → monitoring and logs the range', () => {
    let s = createRun({ runId: 'r', window: w });
    expect(s.state).toBe('idle');
    expect(isActive(s.state)).toBe(false);
    s = step(s, { type: 'tick', at: w.armAt }, settings).state;
    expect(s.state).toBe('armed');
    s = step(s, { type: 'tick', at: w.orbStart }, settings).state;
    expect(s.state).toBe('at_orb');
    const bars = rangeBars(w);
    bars[2] = { ...bars[2]!, h: 18_250.25 };
    bars[5] = { ...bars[5]!, l: 18_190.5 };
    let last = { state: s, actions: [] as readonly unknown[] } as ReturnType<typeof step>;
    for (const b of bars) last = step(last.state, { type: 'bar', bar: b }, settings);
    expect(last.state.state).toBe('range_fetched');
    expect(last.actions).toContainEqual(
      expect.objectContaining({
        type: 'log',
        message: 'Opening range 09:30–09:45 set: high 18,250.25, low 100.00.',
      }),
    );
    s = step(last.state, { type: 'tick', at: at(w, '09:45') + 5_000 }, settings).state;
    expect(s.state).toBe('monitoring');
    expect(isActive(s.state)).toBe(true);
    expect(runSteps(s).map((x) => x.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
      'pending',
      'pending',
      'pending',
    ]);
    expect(runMetrics(s)).toMatchObject({ orbHigh: 18_250.25, orbLow: 100, entryPrice: null });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('sends no order while the range is still forming, even on a big bar', () => {
    const bars = rangeBars(w).slice(0, 5);
    bars.push(bar(w, '09:35', 105, 500, 1, 400));
    const day = simulateDay(settings, bars);
    expect(ofType(day.actions, 'place_order')).toHaveLength(0);
  });

  it('completes a range whose last bar never arrives once the grace period passes', () => {
    const s = walk(settings, createRun({ runId: 'r', window: w }), [
      ...rangeBars(w, 10).map((b) => ({ type: 'bar' as const, bar: b })),
      { type: 'tick', at: w.orbEnd + 30_000 },
    ]);
    expect(s.state).toBe('at_orb');
    expect(step(s, { type: 'tick', at: w.orbEnd + 90_000 }, settings).state.state).toBe(
      'range_fetched',
    );
  });

  it('fails the run when no range bar arrives', () => {
    const s = walk(settings, createRun({ runId: 'r', window: w }), [
      { type: 'tick', at: w.orbEnd + 120_000 },
    ]);
    expect(s.state).toBe('failed');
    expect(runSteps(s).find((x) => x.key === 'at_orb')?.status).toBe('failed');
  });

  it('derives deterministic client order ids within the broker limit', () => {
    const id = clientOrderIdFor('6f1c2a9e-4b7d-4c3e-9a8f-1d2e3f4a5b6c', 3, 2);
    expect(id.length).toBeLessThanOrEqual(31);
    expect(id).toBe(clientOrderIdFor('6f1c2a9e-4b7d-4c3e-9a8f-1d2e3f4a5b6c', 3, 2));
    expect(id).not.toBe(clientOrderIdFor('6f1c2a9e-4b7d-4c3e-9a8f-1d2e3f4a5b6d', 3, 2));
  });
});

describe('breakout rules', () => {
  const touchNotClose = (s: OrbSettings) => {
    const w = windowFor(s);
    return [...rangeBars(w), bar(w, '09:45', 105, 111, 104, 109)];
  };

  it('in_candle triggers on a touch beyond the range, close needs the bar to close beyond', () => {
    const inCandle = settingsWith({ breakout_requirement: 'in_candle' });
    const onClose = settingsWith({ breakout_requirement: 'close' });
    expect(
      ofType(simulateDay(inCandle, touchNotClose(inCandle)).actions, 'place_order'),
    ).toHaveLength(1);
    expect(
      ofType(simulateDay(onClose, touchNotClose(onClose)).actions, 'place_order'),
    ).toHaveLength(0);
  });

  it('a limit order rests at the range edge, a market order carries no price', () => {
    const limit = settingsWith({ order_type: 'limit' });
    const market = settingsWith({ order_type: 'market' });
    const [limitOrder] = ofType(simulateDay(limit, touchNotClose(limit)).actions, 'place_order');
    expect(limitOrder).toMatchObject({
      side: 'buy',
      orderType: 'limit',
      price: 110,
      stopLoss: 100,
      takeProfit: 130,
      qty: 1,
    });
    const [marketOrder] = ofType(simulateDay(market, touchNotClose(market)).actions, 'place_order');
    expect(marketOrder).toMatchObject({
      side: 'buy',
      orderType: 'market',
      stopLoss: 100,
      takeProfit: 109 + 2 * 9,
    });
    expect(marketOrder).not.toHaveProperty('price');
  });

  it('widens the breakout edges with range_adjust and the stop with stop_loss_adjust', () => {
    const s = settingsWith({ order_type: 'limit', range_adjust: 0.5, stop_loss_adjust: 1 });
    const w = windowFor(s);
    const day = simulateDay(s, [...rangeBars(w), bar(w, '09:45', 105, 105, 99, 99.2)]);
    expect(ofType(day.actions, 'place_order')[0]).toMatchObject({
      side: 'sell',
      price: 99.5,
      stopLoss: 111.5,
    });
  });

  it('splits the lot across a take-profit ladder with one order per target', () => {
    const s = settingsWith({
      order_type: 'limit',
      lot_size: 3,
      take_profits: [
        { target_r: 1, size_percent: 50 },
        { target_r: 3, size_percent: 50 },
      ],
    });
    const orders = ofType(simulateDay(s, touchNotClose(s)).actions, 'place_order');
    expect(orders.map((o) => [o.qty, o.takeProfit])).toEqual([
      [1.5, 120],
      [1.5, 140],
    ]);
    expect(new Set(orders.map((o) => o.clientOrderId)).size).toBe(2);
  });

  it('takes no entry while the spread is wider than max_spread, then enters once it narrows', () => {
    const s = settingsWith({ max_spread: 1 });
    const w = windowFor(s);
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111, 112, 110.5, 111.5),
    ];
    const wide = simulateDay(s, bars, { quotes: [{ at: at(w, '09:45'), bid: 110, ask: 112 }] });
    expect(ofType(wide.actions, 'place_order')).toHaveLength(0);
    expect(
      logs(wide.actions).some((m) => m.includes('spread 2.00 is wider than the maximum 1.00')),
    ).toBe(true);
    const narrows = simulateDay(s, bars, {
      quotes: [
        { at: at(w, '09:45'), bid: 110, ask: 112 },
        { at: at(w, '09:46') + 30_000, bid: 111, ask: 111.5 },
      ],
    });
    const orders = ofType(narrows.actions, 'place_order');
    expect(orders).toHaveLength(1);
    expect(narrows.actions.find((r) => r.action.type === 'place_order')?.at).toBe(at(w, '09:47'));
  });
});

describe('pause, resume and hard stop', () => {
  const settings = settingsWith({ order_type: 'limit' });
  const w = windowFor(settings);

  it('pause on an idle run keeps it from arming and skips it when the range starts', () => {
    let s = createRun({ runId: 'r', window: w });
    s = step(s, { type: 'pause', at: w.armAt - 60_000 }, settings).state;
    s = step(s, { type: 'tick', at: w.armAt }, settings).state;
    expect(s.state).toBe('idle');
    s = step(s, { type: 'tick', at: w.orbStart }, settings).state;
    expect(s.state).toBe('skipped');
    expect(runSteps(s).map((x) => x.status)).toEqual([
      'done',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
  });

  it('resume while idle clears the idle run', () => {
    const s = step(
      createRun({ runId: 'r', window: w, paused: true }),
      { type: 'resume', at: w.armAt - 1 },
      settings,
    ).state;
    expect(s.state).toBe('cancelled');
    expect(runPermissions(s, false).canRunToday).toBe(true);
  });

  it('pause during an active run lets it continue to its trade', () => {
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111, 111, 109, 110),
      bar(w, '09:47', 111, 131, 110.5, 130),
    ];
    const day = simulateDay(settings, bars, { commands: [{ type: 'pause', at: at(w, '09:40') }] });
    expect(logs(day.actions)).toContain(
      'Bot paused: the current run continues; only upcoming runs are affected.',
    );
    expect(ofType(day.actions, 'trade_closed')[0]?.trade.exitReason).toBe('target');
  });

  it('hard stop while filled closes the position and halts monitoring', () => {
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111, 111, 109, 110),
      bar(w, '09:47', 111, 113, 110.5, 112),
      bar(w, '09:48', 112, 200, 50, 112),
    ];
    const day = simulateDay(settings, bars, {
      commands: [{ type: 'hard_stop', at: at(w, '09:48') + 30_000 }],
    });
    expect(ofType(day.actions, 'close_position')).toEqual([
      expect.objectContaining({ reason: 'hard_stop' }),
    ]);
    const [closed] = ofType(day.actions, 'trade_closed');
    expect(closed?.trade).toMatchObject({
      exitReason: 'manual',
      entryPrice: 110,
      exitPrice: 112,
      pnl: 2,
    });
    expect(day.state.state).toBe('stopped');
    expect(ofType(day.actions, 'place_order')).toHaveLength(1);
    expect(runSteps(day.state).find((x) => x.key === 'filled')?.status).toBe('failed');
  });

  it('records a short trade closed at its entry as flat, with a state that survives JSON', () => {
    const start = createRun({ runId: 'run-flat', window: w });
    const events: Parameters<typeof step>[1][] = [
      ...rangeBars(w).map((b) => ({ type: 'bar' as const, bar: b })),
      { type: 'bar', bar: bar(w, '09:45', 101, 101, 95, 96) },
    ];
    const sent = walk(settings, start, events);
    const leg = sent.entry?.legs[0];
    if (leg === undefined) throw new Error('no entry was sent');
    const closed = walk(settings, sent, [
      {
        type: 'order_update',
        clientOrderId: leg.clientOrderId,
        status: 'filled',
        fillPrice: 96,
        at: at(w, '09:46'),
      },
      { type: 'position_closed', exitPrice: 96, reason: 'manual', at: at(w, '09:50') },
    ]);
    expect(closed.lastTrade).toMatchObject({ side: 'sell', winLoss: 'flat' });
    expect(Object.is(closed.lastTrade?.grossPnl, 0)).toBe(true);
    expect(JSON.parse(JSON.stringify(closed))).toEqual(closed);
  });

  it('hard stop while the order is working cancels it', () => {
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111, 112, 110.5, 111),
    ];
    const day = simulateDay(settings, bars, {
      commands: [{ type: 'hard_stop', at: at(w, '09:46') + 30_000 }],
    });
    expect(ofType(day.actions, 'cancel_order')).toHaveLength(1);
    expect(day.state).toMatchObject({ state: 'stopped', entry: null });
    expect(day.broker.orders).toHaveLength(0);
  });
});
