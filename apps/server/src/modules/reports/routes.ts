import type { FastifyInstance } from 'fastify';
import { reportEndpoints, TRADE_IMPORT_MAX_BYTES } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { perMemberLimit } from '../../lib/rate-limits.ts';
import { authOf } from '../../plugins/auth.ts';
import { ruleComplianceReport } from './compliance.ts';
import { reportCsv, tradeLogCsv } from './export.ts';
import { commitImport, previewImport } from './import.ts';
import { performanceReport } from './performance.ts';
import { playbookReport } from './playbooks.ts';

const CSV_HEADERS = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});

const member = { access: 'member' as const };
// Imports and exports parse or build whole files: a few a minute per member is plenty for a
// person and keeps one member from occupying the server.
const importing = { ...member, rateLimit: perMemberLimit('trade-import', 10) };
const exporting = { ...member, rateLimit: perMemberLimit('export', 6) };

/** Performance reports, and the trade log's CSV export and import. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(reportEndpoints.getPerformanceReport, member, (request) =>
    performanceReport(ctx, authOf(request), request.query),
  );

  route(reportEndpoints.getPlaybookReport, member, (request) => playbookReport(ctx, authOf(request), request.query));

  route(reportEndpoints.getRuleComplianceReport, member, (request) => ruleComplianceReport(ctx, authOf(request).userId, request.query));

  route(reportEndpoints.exportPerformanceReport, exporting, async (request, reply) => {
    const csv = await reportCsv(ctx, authOf(request), request.query);
    return reply.headers(CSV_HEADERS('performance-report.csv')).send(csv);
  });

  route(reportEndpoints.exportTrades, exporting, async (request, reply) => {
    const rows = await tradeLogCsv(ctx, authOf(request).userId, request.query);
    return reply.headers(CSV_HEADERS('trade-log.csv')).send(rows);
  });

  route(
    reportEndpoints.previewTradeImport,
    importing,
    (request) => previewImport(ctx, authOf(request).userId, request.body),
    { bodyLimit: TRADE_IMPORT_MAX_BYTES + 64 * 1024 },
  );

  route(
    reportEndpoints.importTrades,
    importing,
    (request) => commitImport(ctx, authOf(request).userId, request.body),
    { bodyLimit: TRADE_IMPORT_MAX_BYTES + 64 * 1024 },
  );
}
