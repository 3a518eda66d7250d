/** Maps the engine's backtest result and the stored row to the API shapes (contracts/backtests). */
import type { Backtest, BacktestEquityPoint, BacktestResult, BacktestStatus } from '@th/contracts';
import { FILL_MODEL_DESCRIPTION, type BacktestResult as EngineResult, type EquityPoint } from '@th/domain';
import type { backtests } from '../../db/schema/index.ts';

export type BacktestRow = typeof backtests.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const points = (list: readonly EquityPoint[]): BacktestEquityPoint[] =>
  list.map((p) => ({ at: iso(p.at), equity: p.equity }));

export function resultOf(result: EngineResult, bars: number): BacktestResult {
  const s = result.stats;
  const hold = result.buyAndHold;
  return {
    stats: {
      trades: s.trades,
      wins: s.wins,
      losses: s.losses,
      win_rate: s.winRate,
      total_pnl: s.totalPnl,
      gross_profit: s.grossProfit,
      gross_loss: s.grossLoss,
      profit_factor: s.profitFactor,
      expectancy_money: s.expectancyMoney,
      expectancy_r: s.expectancyR,
      max_drawdown: s.maxDrawdown,
      fees: s.fees,
      trading_days: s.tradingDays,
      trades_per_day: s.tradesPerDay,
      exits_by_reason: { ...s.exitsByReason },
    },
    trades: result.trades.map((t) => ({
      trading_day: t.tradingDay,
      attempt: t.attempt,
      side: t.side,
      order_type: t.orderType,
      qty: t.qty,
      entry_price: t.entryPrice,
      entry_at: iso(t.entryAt),
      exit_price: t.exitPrice,
      exit_at: iso(t.exitAt),
      exit_reason: t.exitReason === 'flatten' ? 'session_close' : t.exitReason,
      stop_price: t.stopPrice,
      target_price: t.targetPrice,
      fees: t.fees,
      pnl: t.pnl,
      r_multiple: t.rMultiple,
    })),
    equity: points(result.equity),
    buy_and_hold: hold
      ? {
          qty: hold.qty,
          entry_price: hold.entryPrice,
          exit_price: hold.exitPrice,
          pnl: hold.pnl,
          return_pct: hold.returnPct,
          equity: points(hold.equity),
        }
      : null,
    bars,
  };
}

export function presentBacktest(row: BacktestRow): Backtest {
  const settings = (row.settings ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    instrument: row.instrument,
    from: row.fromDate,
    to: row.toDate,
    timezone: typeof settings.timezone === 'string' ? settings.timezone : 'America/New_York',
    settings,
    commission_per_lot: Number(row.commissionPerLot),
    entry_slippage: Number(row.entrySlippage),
    stop_slippage: Number(row.stopSlippage),
    status: row.status as BacktestStatus,
    progress: row.progress,
    error: row.error,
    fill_model: FILL_MODEL_DESCRIPTION,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    result: (row.result as BacktestResult | null) ?? null,
  };
}
