/**
 * CSV exports: the trade log with its filters (in the generic import format, so an export can
 * be imported elsewhere) and a performance report.
 */
import { Readable } from 'node:stream';
import { formatProfitFactor, moneyText } from '@th/domain';
import {
  BREAKDOWN_DIMENSIONS,
  ORDER_HISTORY_MAX_PER_PAGE,
  type PerformanceFigures,
  type PerformanceReportQuery,
  type Trade,
  type TradeExportQuery,
} from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uncachedOrderHistory } from '../trades/index.ts';
import { csvLine } from './csv.ts';
import { performanceReport } from './performance.ts';

const TRADE_COLUMNS = [
  'id',
  'trade_date',
  'instrument',
  'side',
  'type',
  'quantity',
  'entry_time',
  'exit_time',
  'entry_price',
  'exit_price',
  'stop_loss',
  'take_profit',
  'fee',
  'swap',
  'gross_pnl',
  'net_pnl',
  'session',
  'account',
  'account_identifier',
  'source',
  'notes',
] as const;

function tradeCells(trade: Trade) {
  return TRADE_COLUMNS.map((column) => {
    if (column === 'account') return trade.account_label;
    return trade[column];
  });
}

/**
 * The trade log's rows, newest entry first, page by page through the trade module's own
 * order-history query (so the filters mean exactly what they mean on screen). The first page
 * is read before anything is sent, so a bad filter still answers a clean 422.
 */
/** One export streams at most this many trades (about 10 MB): bigger ones are exported in parts. */
export const TRADE_EXPORT_MAX_ROWS = 50_000;

export async function tradeLogCsv(ctx: AppContext, userId: string, query: TradeExportQuery): Promise<Readable> {
  const filters = { ...query, per_page: ORDER_HISTORY_MAX_PER_PAGE };
  const first = await uncachedOrderHistory(ctx, userId, { ...filters, page: 1 });
  if (first.meta.total > TRADE_EXPORT_MAX_ROWS) {
    throw new AppError(
      'validation',
      `An export holds at most ${TRADE_EXPORT_MAX_ROWS.toLocaleString('en-US')} trades; these filters match ${first.meta.total.toLocaleString('en-US')}. Narrow the dates or filters and export in parts.`,
    );
  }
  async function* lines() {
    yield `\uFEFF${csvLine(TRADE_COLUMNS)}`;
    let page = first;
    for (let number = 1; ; number += 1) {
      yield page.data.map((trade) => csvLine(tradeCells(trade))).join('');
      if (number >= page.meta.total_pages) return;
      page = await uncachedOrderHistory(ctx, userId, { ...filters, page: number + 1 });
    }
  }
  return Readable.from(lines());
}

const FIGURE_HEADER = ['trades', 'wins', 'losses', 'flats', 'net', 'win_rate_pct', 'profit_factor', 'expectancy', 'average_win', 'average_loss'];

function figureCells(figures: PerformanceFigures) {
  return [
    figures.trades,
    figures.wins,
    figures.losses,
    figures.flats,
    moneyText(figures.net),
    figures.win_rate,
    figures.profit_factor === null ? '' : formatProfitFactor(figures.profit_factor),
    moneyText(figures.expectancy),
    moneyText(figures.average_win),
    moneyText(figures.average_loss),
  ];
}

/** The report as three blocks: the summary, the daily curve, then every breakdown. */
export async function reportCsv(ctx: AppContext, auth: AuthContext, query: PerformanceReportQuery): Promise<string> {
  const { data } = await performanceReport(ctx, auth, query);
  const t = data.totals;
  const out: string[] = [
    csvLine(['Performance report', `${data.period.from ?? 'first trade'} to ${data.period.to ?? 'last trade'}`]),
    csvLine(['metric', 'value']),
    ...(
      [
        ['Net P&L', moneyText(t.net)],
        ['Trades', t.trades],
        ['Trading days', t.trading_days],
        ['Win rate %', t.win_rate],
        ['Profit factor', formatProfitFactor(t.profit_factor)],
        ['Expectancy per trade', moneyText(t.expectancy)],
        ['Average win', moneyText(t.average_win)],
        ['Average loss', moneyText(t.average_loss)],
        ['Largest win', moneyText(t.largest_win)],
        ['Largest loss', moneyText(t.largest_loss)],
        ['Average R', t.average_r],
        ['Trades with known risk', t.trades_with_risk],
        ['Max drawdown', moneyText(t.max_drawdown)],
        ['Longest win streak', t.longest_win_streak],
        ['Longest loss streak', t.longest_loss_streak],
      ] as const
    ).map(([name, value]) => csvLine([name, value])),
    '\r\n',
    csvLine(['date', 'net', 'trades', 'equity', 'drawdown']),
    ...data.curve.map((p) => csvLine([p.date, moneyText(p.net), p.trades, moneyText(p.equity), moneyText(p.drawdown)])),
    '\r\n',
    csvLine(['breakdown', 'group', ...FIGURE_HEADER]),
  ];
  for (const dimension of BREAKDOWN_DIMENSIONS) {
    for (const row of data.breakdowns[dimension]) out.push(csvLine([dimension, row.label, ...figureCells(row)]));
  }
  return `\uFEFF${out.join('')}`;
}
