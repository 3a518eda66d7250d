import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { latestTrades } from '@th/domain';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { TradeDetailPanel } from './trade-detail-panel';
import { TradesTable } from './trades-table';

type Props = { trades: readonly Trade[] | undefined; loading: boolean; error: string | null };

/** §2.7 Latest trades: the 5 most recent by exit (else entry) time, one row open at a time. */
export function LatestTrades({ trades, loading, error }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  // Sorting the 400 loaded trades parses every time: once per answer, not once per render.
  const latest = useMemo(() => latestTrades(trades ?? [], 5), [trades]);
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
        <TradesTable
          caption="Latest trades"
          trades={latest}
          openId={openId}
          onToggle={toggle}
          renderPanel={(trade) => (
            <TradeDetailPanel trade={trade} variant="tradedesk" onClose={() => setOpenId(null)} onDeleted={() => setOpenId(null)} />
          )}
        />
      )}
    </Card>
  );
}
