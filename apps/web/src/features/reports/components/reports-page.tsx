import { useSearchParams } from 'react-router';
import { isReportPeriod, reportPeriodRange, type ReportPeriod } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useDownloadCsv } from '../api/download-csv';
import {
  reportQuery,
  usePerformanceReport,
  type ReportFilters as Filters,
} from '../api/get-performance-report';
import { useTradeAccounts } from '../api/get-trade-accounts';
import { BreakdownTable } from './breakdown-table';
import { EquityChart } from './equity-chart';
import { ReportDefinitions } from './report-definitions';
import { ReportFilters, type ReportFilterState } from './report-filters';
import { ReportSummary } from './report-summary';
import { TradeImport } from './trade-import';
import styles from './reports.module.css';

/** The filters live in the URL, so a report can be bookmarked and shared with oneself. */
function useFilterState(): [ReportFilterState, (next: ReportFilterState) => void] {
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const state: ReportFilterState = {
    period: isReportPeriod(period) ? period : 'month',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    accountId: params.get('account') ?? '',
  };
  const update = (next: ReportFilterState) => {
    const search = new URLSearchParams({ period: next.period });
    if (next.period === 'custom') {
      if (next.from) search.set('from', next.from);
      if (next.to) search.set('to', next.to);
    }
    if (next.accountId) search.set('account', next.accountId);
    setParams(search, { replace: true });
  };
  return [state, update];
}

const PERIOD_NOUN: Record<ReportPeriod, string> = {
  month: 'this month',
  '30d': 'in the last 30 days',
  year: 'this year',
  all: 'yet',
  custom: 'in this period',
};

export function ReportsPage() {
  const [state, setState] = useFilterState();
  const range = reportPeriodRange(state.period, Date.now(), { from: state.from, to: state.to });
  const filters: Filters = { from: range.from, to: range.to, accountId: state.accountId };
  const report = usePerformanceReport(filters);
  const accounts = useTradeAccounts();
  const download = useDownloadCsv();
  const data = report.data;
  const rangeInvalid = Boolean(range.from && range.to && range.to < range.from);

  return (
    <div className={styles.page}>
      <Hero
        title="Reports"
        subtitle="What your numbers say: performance by period and account, with every figure defined below."
      >
        <Button
          variant="secondary"
          busy={download.isPending && download.variables?.filename === 'performance-report.csv'}
          busyLabel="Exporting…"
          onClick={() =>
            download.mutate({
              file: 'performance',
              query: reportQuery(filters),
              filename: 'performance-report.csv',
            })
          }
        >
          Export report CSV
        </Button>
        <Button
          variant="secondary"
          busy={download.isPending && download.variables?.filename === 'trade-log.csv'}
          busyLabel="Exporting…"
          onClick={() =>
            download.mutate({
              file: 'trades',
              query: {
                account_id: state.accountId || undefined,
                entry_from: range.from ?? undefined,
                entry_to: range.to ?? undefined,
              },
              filename: 'trade-log.csv',
            })
          }
        >
          Export trades CSV
        </Button>
      </Hero>
      <ReportFilters value={state} accounts={accounts.data ?? []} onChange={setState} />
      {download.isError && (
        <Alert tone="error">{describeError(download.error, 'Unable to export.')}</Alert>
      )}
      {rangeInvalid && <Alert tone="error">The To date must be on or after the From date.</Alert>}
      {report.isPending && <Loading label="Loading report…" />}
      {report.isError && !rangeInvalid && (
        <Alert tone="error">
          {describeError(report.error, (status) =>
            status === null ? 'Unable to load the report.' : `Failed to load report (${status})`,
          )}
        </Alert>
      )}
      {data && (
        <div
          className={report.isFetching ? `${styles.body} ${styles.refreshing}` : styles.body}
          aria-busy={report.isFetching}
        >
          <p className={`${styles.period} muted`} role="status">
            {data.period.from || data.period.to
              ? `Trades dated ${data.period.from ?? 'from the first'} to ${data.period.to ?? 'the last'}`
              : 'All trades'}
            {state.accountId
              ? ` · ${accounts.data?.find((a) => a.id === state.accountId)?.label ?? 'one account'}`
              : ' · All accounts'}
          </p>
          {data.totals.trades === 0 ? (
            <Card>
              <p>
                No trades {PERIOD_NOUN[state.period]}. Import a CSV below, log a trade from
                TradeDesk, or link a trading account.
              </p>
            </Card>
          ) : (
            <>
              <ReportSummary totals={data.totals} />
              <Card title="Equity and drawdown">
                <EquityChart curve={data.curve} maxDrawdown={data.totals.max_drawdown} />
              </Card>
              <Card title="Breakdowns">
                <div className={styles.breakdowns}>
                  <BreakdownTable
                    title="Long vs short"
                    rows={data.breakdowns.direction}
                    empty="No trades."
                  />
                  <BreakdownTable
                    title="By session"
                    caption="Entry time, Toronto"
                    rows={data.breakdowns.session}
                    empty="No trades."
                  />
                  <BreakdownTable
                    title="By instrument"
                    rows={data.breakdowns.instrument}
                    empty="No trades."
                  />
                  <BreakdownTable
                    title="By weekday"
                    caption="Entry time, Toronto"
                    rows={data.breakdowns.weekday}
                    empty="No trades."
                  />
                  <BreakdownTable
                    title="By hour of entry"
                    caption="Toronto time"
                    rows={data.breakdowns.hour}
                    empty="No trades."
                  />
                </div>
              </Card>
              <Card title="What the journal says">
                <div className={styles.breakdowns}>
                  <BreakdownTable
                    title="Plan aligned"
                    rows={data.breakdowns.plan_aligned}
                    empty="No journaled trades."
                  />
                  <BreakdownTable
                    title="Risk managed"
                    rows={data.breakdowns.risk_managed}
                    empty="No journaled trades."
                  />
                  <BreakdownTable
                    title="Scaling rules respected"
                    rows={data.breakdowns.scaling_rules}
                    empty="No journaled trades."
                  />
                  <BreakdownTable
                    title="Emotion before"
                    rows={data.breakdowns.emotion_before}
                    empty="No emotions recorded."
                  />
                  <BreakdownTable
                    title="Emotion during"
                    rows={data.breakdowns.emotion_during}
                    empty="No emotions recorded."
                  />
                  <BreakdownTable
                    title="Emotion after"
                    rows={data.breakdowns.emotion_after}
                    empty="No emotions recorded."
                  />
                  <BreakdownTable
                    title="Tags"
                    caption="Trade labels and the day’s tags"
                    rows={data.breakdowns.tag}
                    empty="No tags recorded."
                  />
                </div>
              </Card>
            </>
          )}
        </div>
      )}
      <ReportDefinitions />
      <Card title="Import trades from CSV">
        <TradeImport />
      </Card>
    </div>
  );
}
