import { Link } from 'react-router';
import { dailySummaries, formatMoneyCompact, formatPnl, monthGrid, periodSummary, type MonthKey, countOf } from '@th/domain';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardDaySummaries } from '../api/get-day-summaries';
import styles from './dashboard.module.css';

const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/** This month's net P&L, trading days and trades, with a small calendar of the days. */
export function MonthCard({ month, today }: { month: MonthKey; today: string }) {
  const grid = monthGrid(month)!;
  const from = `${month}-01`;
  const to = grid.weeks.flatMap((week) => week.days).filter((day) => day.inMonth).at(-1)!.date;
  const summaries = useDashboardDaySummaries(from, to);
  const byDate = dailySummaries([]);
  for (const day of summaries.data ?? []) byDate.set(day.date, day);
  const totals = periodSummary(grid.weeks.flatMap((week) => week.days.filter((d) => d.inMonth).map((d) => d.date)), byDate);
  return (
    <Card title={`${grid.label}`} actions={<Link to={paths.tradedesk}>Open TradeDesk</Link>} className={styles.card} aria-label="This month">
      {summaries.isPending && <Loading label="Loading trades…" />}
      {summaries.isError && <Alert tone="error">Unable to load trades.</Alert>}
      {summaries.data && (
        <>
          <dl className={styles.chips}>
            <div>
              <dt>Net P&amp;L</dt>
              <dd className={totals.net > 0 ? 'positive' : totals.net < 0 ? 'negative' : ''}>{formatPnl(totals.net)}</dd>
            </div>
            <div>
              <dt>Days</dt>
              <dd>{totals.days}</dd>
            </div>
            <div>
              <dt>Trades</dt>
              <dd>{totals.trades}</dd>
            </div>
          </dl>
          <table className={styles.calendar} aria-label={`${grid.label} trading days`}>
            <thead>
              <tr>
                {WEEKDAYS.map((day, index) => (
                  <th key={index} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.weeks.map((week) => (
                <tr key={week.weekNumber}>
                  {week.days.map((day) => {
                    const summary = day.inMonth ? byDate.get(day.date) : undefined;
                    const tone = summary ? (summary.net >= 0 ? styles.up : styles.down) : undefined;
                    const classes = [day.inMonth ? undefined : styles.outside, tone, day.date === today ? styles.today : undefined];
                    return (
                      <td key={day.date} className={classes.filter(Boolean).join(' ') || undefined}>
                        {summary ? (
                          <Link to={paths.tradedeskDay(day.date)} aria-label={`${day.date}: ${formatPnl(summary.net)}, ${countOf(summary.trades, 'trade')}`}>
                            <span>{day.dayOfMonth}</span>
                            <small>{formatMoneyCompact(summary.net, { showSymbol: false })}</small>
                          </Link>
                        ) : (
                          <span>{day.inMonth ? day.dayOfMonth : ''}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
