import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { latestTrades } from '@th/domain';
import type { JournalTradeEntry } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { journalDayQueryOptions } from '../api/get-journal-day';
import { TradesTable } from './trades-table';

// A row's detail panel (the journal, its rich text) is not needed to show the list: its code
// loads once the list is on screen, so the page does not wait for it.
const loadTradeDetailPanel = () => import('./trade-detail-panel');
const TradeDetailPanel = lazy(() => loadTradeDetailPanel().then((module) => ({ default: module.TradeDetailPanel })));

type Props = { trades: readonly Trade[] | undefined; loading: boolean; error: string | null };

/** §2.7 Latest trades: the 5 most recent by exit (else entry) time, one row open at a time. */
export function LatestTrades({ trades, loading, error }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  // Sorting the 400 loaded trades parses every time: once per answer, not once per render.
  const latest = useMemo(() => latestTrades(trades ?? [], 5), [trades]);
  // The Outcome column reads the member's own outcome from the journal, as the daily log does
  // (and follows a save in the panel): the journal days of these five trades, usually one or two.
  const dates = useMemo(() => [...new Set(latest.flatMap((trade) => (trade.trade_date ? [trade.trade_date] : [])))], [latest]);
  const entries = useQueries({
    queries: dates.map((date) => journalDayQueryOptions(date)),
    combine: (days) => Object.assign({}, ...days.map((day) => day.data?.data.trades)) as Record<string, JournalTradeEntry>,
  });
  const toggle = (trade: Trade) => setOpenId((current) => (current === trade.id ? null : trade.id));
  const shown = latest.length > 0;
  useEffect(() => {
    if (shown) void loadTradeDetailPanel();
  }, [shown]);
  return (
    <Card
      title="Latest trades"
      actions={
        <Link className="btn btn-ghost" to={paths.tradelog}>
          View full log
        </Link>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {loading ? (
        <Loading label="Loading trades…" />
      ) : latest.length === 0 ? (
        !error && <p className="muted">No trades yet</p>
      ) : (
        <TradesTable
          caption="Latest trades"
          trades={latest}
          openId={openId}
          onToggle={toggle}
          entries={entries}
          renderPanel={(trade, close) => (
            <Suspense fallback={<Loading label="Loading journal…" />}>
              <TradeDetailPanel
                trade={trade}
                variant="tradedesk"
                onClose={close}
                onDeleted={() => setOpenId(null)}
              />
            </Suspense>
          )}
        />
      )}
    </Card>
  );
}
