import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type ComponentProps } from 'react';
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
import { preload, useLoaded } from '@/lib/use-loaded';
import type { TradeDetailPanel as Panel } from './trade-detail-panel';

// A row's detail panel (the journal, its rich text, the forms' schemas) is not needed to show
// the list: its code loads when the member shows intent (a pointer over the list, focus in it, a
// touch), as + Trade's drawer does. Loaded as soon as the list showed, its 115 ms of evaluation
// fell in the second after TradeDesk's first paint, when the member starts to scroll and read.
const loadTradeDetailPanel = () => import('./trade-detail-panel');

function TradeDetailPanel(props: ComponentProps<typeof Panel>) {
  const loaded = useLoaded(loadTradeDetailPanel);
  return loaded ? <loaded.TradeDetailPanel {...props} /> : <Loading label="Loading journal…" />;
}

/** `outcomes`: false keeps the journal days' calls (the Outcome column) unsent until the page is on screen. */
type Props = { trades: readonly Trade[] | undefined; loading: boolean; error: string | null; outcomes: boolean };

/** §2.7 Latest trades: the 5 most recent by exit (else entry) time, one row open at a time. */
export function LatestTrades({ trades, loading, error, outcomes }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  // Sorting the 400 loaded trades parses every time: once per answer, not once per render.
  const latest = useMemo(() => latestTrades(trades ?? [], 5), [trades]);
  // The Outcome column reads the member's own outcome from the journal, as the daily log does
  // (and follows a save in the panel): the journal days of these five trades, usually one or two.
  const dates = useMemo(() => [...new Set(latest.flatMap((trade) => (trade.trade_date ? [trade.trade_date] : [])))], [latest]);
  const entries = useQueries({
    queries: dates.map((date) => ({ ...journalDayQueryOptions(date), enabled: outcomes })),
    combine: (days) => Object.assign({}, ...days.map((day) => day.data?.data.trades)) as Record<string, JournalTradeEntry>,
  });
  const toggle = (trade: Trade) => setOpenId((current) => (current === trade.id ? null : trade.id));
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
        <div onPointerEnter={() => void preload(loadTradeDetailPanel)} onFocus={() => void preload(loadTradeDetailPanel)}>
          <TradesTable
            caption="Latest trades"
            trades={latest}
            openId={openId}
            onToggle={toggle}
            entries={entries}
            renderPanel={(trade, close) => (
              <TradeDetailPanel trade={trade} variant="tradedesk" onClose={close} onDeleted={() => setOpenId(null)} />
            )}
          />
        </div>
      )}
    </Card>
  );
}
