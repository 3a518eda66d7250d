import { useSearchParams } from 'react-router';
import type { BreakdownDimension } from '@th/contracts';
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
import { usePlaybookReport } from '../api/get-playbook-report';
import { useRuleComplianceReport } from '../api/get-rule-compliance-report';
import { useTradeAccounts } from '../api/get-trade-accounts';
import { BreakdownTable } from './breakdown-table';
import { EquityChart } from './equity-chart';
import { ReportDefinitions } from './report-definitions';
import { ReportFilters, type ReportFilterState } from './report-filters';
import { ReportSummary } from './report-summary';
import { PlaybookBreakdowns } from './playbook-breakdowns';
import { RuleCompliance } from './rule-compliance';
import { TradeImport } from './trade-import';
import styles from './reports.module.css';

type BreakdownCard = {
  title: string;
  tables: Array<{ dim: BreakdownDimension; title: string; caption?: string }>;
  /** What a table with no rows says: by dimension, else the card's default. */
  empty: Partial<Record<BreakdownDimension, string>> & { default: string };
};

/** The report's breakdowns in the order and words members read them. */
const BREAKDOWN_CARDS: BreakdownCard[] = [
  {
    title: 'Breakdowns',
    tables: [
      { dim: 'direction', title: 'Long vs short' },
      { dim: 'session', title: 'By session', caption: 'Entry time, Toronto' },
      { dim: 'instrument', title: 'By instrument' },
      { dim: 'weekday', title: 'By weekday', caption: 'Entry time, Toronto' },
      { dim: 'hour', title: 'By hour of entry', caption: 'Toronto time' },
    ],
    empty: { default: 'No trades.' },
  },
  {
    title: 'What the journal says',
    tables: [
      { dim: 'plan_aligned', title: 'Plan aligned' },
      { dim: 'risk_managed', title: 'Risk managed' },
      { dim: 'scaling_rules', title: 'Scaling rules respected' },
      { dim: 'emotion_before', title: 'Emotion before' },
      { dim: 'emotion_during', title: 'Emotion during' },
      { dim: 'emotion_after', title: 'Emotion after' },
      { dim: 'tag', title: 'Tags', caption: 'Trade labels and the day’s tags' },
    ],
    empty: {
      default: 'No journaled trades.',
      emotion_before: 'No emotions recorded.',
      emotion_during: 'No emotions recorded.',
      emotion_after: 'No emotions recorded.',
      tag: 'No tags recorded.',
    },
  },
];

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
  const compliance = useRuleComplianceReport(filters);
  const playbooks = usePlaybookReport(filters);
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
              {BREAKDOWN_CARDS.map((card) => (
                <Card key={card.title} title={card.title}>
                  <div className={styles.breakdowns}>
                    {card.tables.map(({ dim, title, caption }) => (
                      <BreakdownTable
                        key={dim}
                        title={title}
                        caption={caption}
                        rows={data.breakdowns[dim]}
                        empty={card.empty[dim] ?? card.empty.default}
                      />
                    ))}
                  </div>
                </Card>
              ))}
            </>
          )}
        </div>
      )}
      {!rangeInvalid && (
        <Card title="Rules compliance">
          {compliance.isPending && <Loading label="Loading rules compliance…" />}
          {compliance.isError && <Alert tone="error">{describeError(compliance.error, 'Unable to load rules compliance.')}</Alert>}
          {compliance.data && <RuleCompliance report={compliance.data} />}
        </Card>
      )}
      {!rangeInvalid && (
        <Card title="Playbooks and tags">
          {playbooks.isPending && <Loading label="Loading playbooks and tags…" />}
          {playbooks.isError && <Alert tone="error">{describeError(playbooks.error, 'Unable to load playbooks and tags.')}</Alert>}
          {playbooks.data && <PlaybookBreakdowns report={playbooks.data} />}
        </Card>
      )}
      <ReportDefinitions />
      <Card title="Import trades from CSV">
        <TradeImport />
      </Card>
    </div>
  );
}
