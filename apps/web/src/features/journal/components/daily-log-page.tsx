import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateTime } from 'luxon';
import { longDateLabel } from '@th/domain';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDaySummaries } from '../api/get-day-summaries';
import { useJournalDay } from '../api/get-journal-day';
import { useDailyLogTrades } from '../api/get-order-history';
import { useRuleCompliance } from '../api/get-rule-compliance';
import { dailyLogTradesParams } from '../utils/daily-log-calls';
import { describeFailure } from '../utils/errors';
import { ruleStatusText } from '../utils/rule-status';
import { DayNarrative } from './day-narrative';
import { ManualTradeDrawer } from './manual-trade-drawer';
import { SessionMetrics } from './session-metrics';
import { Screenshots } from './screenshots';
import { TradeDetailPanel } from './trade-detail-panel';
import { TradesTable } from './trades-table';
import styles from './journal.module.css';

/** The daily log of one valid date; the route keys it by date, so a new date starts afresh. */
/** Half a year either side: the day summaries of that window find the neighbouring traded days. */
const NEIGHBOUR_WINDOW_DAYS = 180;

function useNeighbourTradedDays(date: string) {
  const window = useMemo(() => {
    const day = DateTime.fromISO(date, { zone: 'utc' });
    return {
      from: day.minus({ days: NEIGHBOUR_WINDOW_DAYS }).toISODate()!,
      to: day.plus({ days: NEIGHBOUR_WINDOW_DAYS }).toISODate()!,
    };
  }, [date]);
  const summaries = useDaySummaries(window);
  return useMemo(() => {
    const traded = (summaries.data?.data ?? [])
      .filter((day) => day.trades > 0)
      .map((day) => day.date)
      .sort();
    return { previousDay: traded.filter((day) => day < date).at(-1), nextDay: traded.find((day) => day > date) };
  }, [summaries.data, date]);
}

type Props = {
  date: string;
  /** What the route adds to an open trade's detail (Share to community): features never import each other. */
  tradeExtra?: (trade: Trade) => ReactNode;
};

export function DailyLogPage({ date, tradeExtra }: Props) {
  const { previousDay, nextDay } = useNeighbourTradedDays(date);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // The parameters the route loader started the call with (daily-log-calls.ts).
  const trades = useDailyLogTrades(dailyLogTradesParams(date)!);
  const journal = useJournalDay(date);
  const ruleDay = useRuleCompliance({ from: date, to: date }).data?.get(date);
  const [openId, setOpenId] = useState<string | null | undefined>(() => search.get('trade') ?? undefined);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Entries of the day in time order; the API pages newest first.
  const dayTrades = useMemo(() => [...(trades.data?.data ?? [])].reverse(), [trades.data]);
  // The first trade opens by default (or the one named by ?trade= while the day lists it) until
  // the member closes it. A named trade the day no longer lists (deleted here or in another tab)
  // gives way to the first one, and leaves the address.
  const named = openId !== undefined && openId !== null && dayTrades.some((trade) => trade.id === openId);
  const shownId = openId === null ? null : named ? openId : (dayTrades[0]?.id ?? null);
  // Judged only on a list fetched after the trade was named: a trade created a moment ago may
  // not be in the list yet, and its address must not be cleared while the list catches up.
  const [namedAt, setNamedAt] = useState(0);
  const stale =
    typeof openId === 'string' && !named && trades.isSuccess && !trades.isFetching && trades.dataUpdatedAt >= namedAt;
  useEffect(() => {
    if (stale) setSearch({}, { replace: true });
  }, [stale, setSearch]);

  const toggle = (trade: Trade) => {
    const next = shownId === trade.id ? null : trade.id;
    setOpenId(next);
    setSearch(next ? { trade: next } : {}, { replace: true });
  };

  const onCreated = (trade: Trade) => {
    if (trade.trade_date && trade.trade_date !== date) {
      navigate(paths.tradedeskDay(trade.trade_date, trade.id));
      return;
    }
    setNamedAt(Date.now());
    setOpenId(trade.id);
    setSearch({ trade: trade.id }, { replace: true });
    void trades.refetch();
  };

  const onDeleted = () => {
    setOpenId(undefined);
    setSearch({}, { replace: true });
  };

  return (
    <>
      <Hero
        title={`Daily Log for ${longDateLabel(date)}`}
        subtitle={ruleDay && <Badge tone={ruleDay.status === 'kept' ? 'green' : 'red'}>{ruleStatusText(ruleDay)}</Badge>}
      >
        <nav className={styles.dayNav} aria-label="Traded days">
          {previousDay && (
            <Link className="btn btn-ghost" to={paths.tradedeskDay(previousDay)} aria-label={`Previous traded day, ${longDateLabel(previousDay)}`}>
              ← Previous traded day
            </Link>
          )}
          {nextDay && (
            <Link className="btn btn-ghost" to={paths.tradedeskDay(nextDay)} aria-label={`Next traded day, ${longDateLabel(nextDay)}`}>
              Next traded day →
            </Link>
          )}
          {/* Back to the month this day is in, wherever TradeDesk was last left. */}
          <Link className="btn btn-secondary" to={paths.tradedeskMonth(date.slice(0, 7))}>
            Back to TradeDesk
          </Link>
        </nav>
      </Hero>
      <div>
        {trades.isError && (
          <Alert tone="error">{describeFailure(trades.error, 'Failed to load trades', 'Unable to load trades for this day.')}</Alert>
        )}
        {journal.isError && (
          <Alert tone="error">
            {describeFailure(journal.error, 'Failed to load journal', 'Unable to load journal details for this day.')}
          </Alert>
        )}
        <SessionMetrics trades={dayTrades} />
        {journal.isLoading ? <Loading label="Loading journal…" /> : <DayNarrative date={date} journal={journal.data?.data} />}
        <Screenshots date={date} tradeId={null} subject="the day" variant="card" />
        <Card
          title="Trades"
          actions={
            <Button variant="secondary" onClick={() => setDrawerOpen(true)}>
              + Trade
            </Button>
          }
        >
          {trades.isLoading ? (
            <Loading label="Loading trades…" />
          ) : dayTrades.length === 0 ? (
            !trades.isError && <p className="muted">No trades recorded for this day.</p>
          ) : (
            <TradesTable
              caption={`Trades on ${date}`}
              trades={dayTrades}
              openId={shownId}
              onToggle={toggle}
              entries={journal.data?.data.trades}
              renderPanel={(trade, close) => (
                <TradeDetailPanel trade={trade} variant="daily-log" onClose={close} onDeleted={onDeleted} extra={tradeExtra?.(trade)} />
              )}
            />
          )}
        </Card>
      </div>
      <ManualTradeDrawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        day={date}
        importedTypes={trades.data?.meta.types}
        onCreated={onCreated}
      />
    </>
  );
}
