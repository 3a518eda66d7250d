import { Link } from 'react-router';
import { botTradeOutcome, formatPnl, formatSide, formatTradeTime, tradeNet } from '@th/domain';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardLatestTrades } from '../api/get-latest-trades';
import styles from './dashboard.module.css';
import { TimesNote } from '@/components/times-note';
import { TableWrap } from '@/components/table-wrap';

/** The five most recent trades; with none yet, the two ways to get some. */
export function LatestTradesCard({ hasLinkedAccount }: { hasLinkedAccount: boolean }) {
  const trades = useDashboardLatestTrades();
  return (
    <Card title="Latest trades" actions={<Link to={paths.tradelog}>View full log</Link>} className={`${styles.card} ${styles.wide}`} aria-label="Latest trades">
      {trades.isPending && <Loading label="Loading trades…" />}
      {trades.isError && <Alert tone="error">Unable to load trades.</Alert>}
      {trades.data && trades.data.length === 0 && (
        <div className={styles.cta}>
          <p>No trades yet. Log your first trade, or link a trading account to import your history.</p>
          <div className={styles.ctaActions}>
            <Link className="btn btn-primary btn-small" to={paths.tradedesk}>
              + Trade
            </Link>
            {!hasLinkedAccount && (
              <Link className="btn btn-secondary btn-small" to={paths.accountLink()}>
                Link trading account
              </Link>
            )}
          </div>
        </div>
      )}
      {trades.data && trades.data.length > 0 && (
        <>
          <TableWrap label="Latest trades">
            <table>
              <thead>
                <tr>
                  <th scope="col">Instrument</th>
                  <th scope="col">Side</th>
                  <th scope="col">Exit time</th>
                  <th scope="col" className="num">Net P&amp;L</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {trades.data.map((trade) => {
                  const net = tradeNet(trade);
                  const outcome = botTradeOutcome(net);
                  return (
                    <tr key={trade.id}>
                      <td>
                        {trade.trade_date ? <Link to={paths.tradedeskDay(trade.trade_date, trade.id)}>{trade.instrument}</Link> : trade.instrument}
                      </td>
                      <td>{formatSide(trade.side)}</td>
                      <td>{formatTradeTime(trade.exit_time ?? trade.entry_time)}</td>
                      <td className={`num ${outcome === 'win' ? 'positive' : outcome === 'loss' ? 'negative' : ''}`}>{formatPnl(net)}</td>
                      <td>{outcome === 'win' ? 'Win' : outcome === 'loss' ? 'Loss' : 'Flat'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
          <TimesNote />
        </>
      )}
    </Card>
  );
}
