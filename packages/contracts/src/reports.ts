import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { TradingDate } from './common.ts';

/** Reports cover trade dates from–to (Toronto, both included) and optionally one account. */
export const PerformanceReportQuery = z
  .object({
    from: TradingDate.optional(),
    to: TradingDate.optional(),
    account_id: z.string().trim().max(64, 'Account is limited to 64 characters.').optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    message: 'The To date must be on or after the From date.',
    path: ['to'],
  });
export type PerformanceReportQuery = z.infer<typeof PerformanceReportQuery>;

/** 'infinity' when a set has wins and no losses (JSON has no ∞). */
export const ProfitFactor = z.union([z.number(), z.literal('infinity')]).nullable();
export type ProfitFactor = z.infer<typeof ProfitFactor>;

/** The figures of a set of trades; money as numbers rounded to cents. */
export const PerformanceFigures = z.object({
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  flats: z.number().int(),
  net: z.number(),
  gross_win: z.number(),
  gross_loss: z.number(),
  win_rate: z.number().nullable(),
  profit_factor: ProfitFactor,
  expectancy: z.number().nullable(),
  average_win: z.number().nullable(),
  average_loss: z.number().nullable(),
});
export type PerformanceFigures = z.infer<typeof PerformanceFigures>;

export const ReportTotals = PerformanceFigures.extend({
  largest_win: z.number().nullable(),
  largest_loss: z.number().nullable(),
  /** Mean R multiple of the trades whose risk is known (stop and size, or a recorded R). */
  average_r: z.number().nullable(),
  trades_with_risk: z.number().int(),
  /** Largest fall of cumulative net P&L from an earlier peak, trade by trade (≥ 0). */
  max_drawdown: z.number(),
  longest_win_streak: z.number().int(),
  longest_loss_streak: z.number().int(),
  current_streak: z.object({ kind: z.enum(['win', 'loss', 'none']), length: z.number().int() }),
  trading_days: z.number().int(),
  first_trade_date: z.string().nullable(),
  last_trade_date: z.string().nullable(),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

export const ReportCurvePoint = z.object({
  date: z.string(),
  net: z.number(),
  trades: z.number().int(),
  equity: z.number(),
  drawdown: z.number(),
});
export type ReportCurvePoint = z.infer<typeof ReportCurvePoint>;

export const BreakdownRow = PerformanceFigures.extend({ key: z.string(), label: z.string() });
export type BreakdownRow = z.infer<typeof BreakdownRow>;

/** Dimensions the report groups trades by. */
export const BREAKDOWN_DIMENSIONS = [
  'direction',
  'session',
  'instrument',
  'weekday',
  'hour',
  'emotion_before',
  'emotion_during',
  'emotion_after',
  'plan_aligned',
  'risk_managed',
  'scaling_rules',
  'tag',
] as const;
export const BreakdownDimension = z.enum(BREAKDOWN_DIMENSIONS);
export type BreakdownDimension = z.infer<typeof BreakdownDimension>;

/** A row of the playbook report: the figures plus the mean R of the trades whose risk is known. */
export const PlaybookReportRow = BreakdownRow.extend({
  average_r: z.number().nullable(),
  trades_with_risk: z.number().int(),
});
export type PlaybookReportRow = z.infer<typeof PlaybookReportRow>;

/**
 * GET /api/reports/playbooks (issue #24): the period's journaled trades by playbook, by whether
 * every rule of their playbook was followed, and by the trade's own tags.
 */
export const PlaybookReport = z.object({
  playbooks: z.array(PlaybookReportRow),
  rules: z.array(PlaybookReportRow),
  tags: z.array(PlaybookReportRow),
});
export type PlaybookReport = z.infer<typeof PlaybookReport>;
export const PlaybookReportResponse = z.object({ data: PlaybookReport });
export type PlaybookReportResponse = z.infer<typeof PlaybookReportResponse>;

export const PerformanceReport = z.object({
  period: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    account_id: z.string().nullable(),
  }),
  currency: z.string(),
  totals: ReportTotals,
  curve: z.array(ReportCurvePoint),
  breakdowns: z.record(BreakdownDimension, z.array(BreakdownRow)),
});
export type PerformanceReport = z.infer<typeof PerformanceReport>;
export const PerformanceReportResponse = z.object({ data: PerformanceReport });
export type PerformanceReportResponse = z.infer<typeof PerformanceReportResponse>;

/**
 * Trading days that kept the Risk Manager's rules or broke one (issue #22), with their P&L: a
 * day counts when it has trades in the report's scope, and a broken day always (a breach is
 * trading, even before its trades reach the journal). Money rounded to cents; win_rate is the
 * percentage (0–100, one decimal) of the days that ended above zero.
 */
export const ComplianceDays = z.object({
  days: z.number().int(),
  net: z.number(),
  average_net: z.number().nullable(),
  winning_days: z.number().int(),
  win_rate: z.number().nullable(),
});
export type ComplianceDays = z.infer<typeof ComplianceDays>;
export const RuleComplianceReport = z.object({ kept: ComplianceDays, broken: ComplianceDays });
export type RuleComplianceReport = z.infer<typeof RuleComplianceReport>;

/** The trade log's filters (trading-tools §2.5), for the CSV export of what it shows. */
export const TradeExportQuery = z.object({
  account_id: z.string().trim().max(64, 'Account is limited to 64 characters.').optional(),
  instrument: z.string().trim().max(64, 'Instrument is limited to 64 characters.').optional(),
  type: z.string().trim().max(64, 'Type is limited to 64 characters.').optional(),
  side: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['', 'buy', 'sell'], { error: 'Side must be buy or sell.' }))
    .optional(),
  entry_from: TradingDate.optional(),
  entry_to: TradingDate.optional(),
});
export type TradeExportQuery = z.infer<typeof TradeExportQuery>;

export const TRADE_IMPORT_FORMATS = ['auto', 'generic', 'mt5'] as const;
export const TradeImportFormat = z.enum(TRADE_IMPORT_FORMATS, {
  error: 'Choose the generic or the MetaTrader 5 format.',
});
export type TradeImportFormat = z.infer<typeof TradeImportFormat>;

/** Zones offered for times written without an offset. */
export const TRADE_IMPORT_TIME_ZONES = [
  'America/Toronto',
  'America/New_York',
  'UTC',
  'Europe/London',
  'Europe/Athens',
] as const;

export const TRADE_IMPORT_MAX_ROWS = 5000;
/** 5 MB of CSV: about 20,000 rows of the generic format. */
export const TRADE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const TradeImportRequest = z.object({
  csv: z
    .string({ error: 'Choose a CSV file to import.' })
    .min(1, 'Choose a CSV file to import.')
    .max(TRADE_IMPORT_MAX_BYTES, 'The file is larger than 5 MB; split it and import the parts.'),
  format: TradeImportFormat.default('auto'),
  timezone: z
    .enum(TRADE_IMPORT_TIME_ZONES, { error: 'Choose a time zone from the list.' })
    .default('America/Toronto'),
  account_label: z
    .string()
    .trim()
    .max(80, 'Account label is limited to 80 characters.')
    .optional()
    .transform((v) => v || undefined),
});
export type TradeImportRequest = z.input<typeof TradeImportRequest>;
export type TradeImportInput = z.output<typeof TradeImportRequest>;

export const ImportedTradeRow = z.object({
  /** Line number in the file (the header is line 1). */
  line: z.number().int(),
  key: z.string().nullable(),
  instrument: z.string().nullable(),
  side: z.enum(['buy', 'sell']).nullable(),
  entry_time: z.string().nullable(),
  exit_time: z.string().nullable(),
  quantity: z.string().nullable(),
  entry_price: z.string().nullable(),
  exit_price: z.string().nullable(),
  net_pnl: z.string().nullable(),
  account_label: z.string().nullable(),
  errors: z.array(z.string()),
  /** Already in the journal from an earlier import: skipped on commit. */
  duplicate: z.boolean(),
});
export type ImportedTradeRow = z.infer<typeof ImportedTradeRow>;

export const TradeImportPreview = z.object({
  format: z.enum(['generic', 'mt5']),
  rows: z.array(ImportedTradeRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
});
export type TradeImportPreview = z.infer<typeof TradeImportPreview>;
export const TradeImportPreviewResponse = z.object({ data: TradeImportPreview });

export const TradeImportResult = z.object({
  message: z.string(),
  data: z.object({
    inserted: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type TradeImportResult = z.infer<typeof TradeImportResult>;

/** Reports, their CSV exports, and trade imports. */
export const reportEndpoints = {
  getPerformanceReport: endpoint({
    method: 'GET',
    path: '/api/reports/performance',
    tags: ['reports'],
    query: PerformanceReportQuery,
    response: { 200: PerformanceReportResponse },
  }),
  getPlaybookReport: endpoint({
    method: 'GET',
    path: '/api/reports/playbooks',
    tags: ['reports'],
    query: PerformanceReportQuery,
    response: { 200: PlaybookReportResponse },
  }),
  getRuleComplianceReport: endpoint({
    method: 'GET',
    path: '/api/reports/compliance',
    tags: ['reports'],
    query: PerformanceReportQuery,
    response: { 200: z.object({ data: RuleComplianceReport }) },
  }),
  exportPerformanceReport: endpoint({
    method: 'GET',
    path: '/api/reports/performance.csv',
    tags: ['reports'],
    query: PerformanceReportQuery,
    response: { 200: z.string() },
  }),
  exportTrades: endpoint({
    method: 'GET',
    path: '/api/trades/export.csv',
    tags: ['reports'],
    query: TradeExportQuery,
  }),
  previewTradeImport: endpoint({
    method: 'POST',
    path: '/api/trades/import/preview',
    tags: ['reports'],
    body: TradeImportRequest,
    response: { 200: TradeImportPreviewResponse },
  }),
  importTrades: endpoint({
    method: 'POST',
    path: '/api/trades/import',
    tags: ['reports'],
    body: TradeImportRequest,
    response: { 200: TradeImportResult },
  }),
};
