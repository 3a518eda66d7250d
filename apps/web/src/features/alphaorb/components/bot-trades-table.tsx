import type { BotTradeRow } from '@th/contracts';
import { formatTradeTime } from '@th/domain';
import { formatPnl, formatPriceText } from '../utils/format';
import { TableHead } from '@/components/table-head';
import { TableWrap } from '@/components/table-wrap';
import styles from './alphaorb.module.css';

/** Recent bot trades (§3.5): side upper case, a dash for anything missing. */
export function BotTradesTable({ trades, showBot = false }: { trades: BotTradeRow[]; showBot?: boolean }) {
  if (trades.length === 0) return <p className={styles.muted}>No trades in this range yet.</p>;
  return (
    <TableWrap className={styles.tableWrap} label="Bot trades">
      <table className={styles.table}>
        <TableHead
          columns={[
            <>
              Closed <span className={styles.muted}>(Toronto time)</span>
            </>,
            ...(showBot ? ['Bot'] : []),
            'Instrument',
            'Side',
            'Entry',
            'Exit',
            'Stop',
            'R',
            'P&L',
          ]}
        />
        <tbody>
          {trades.map((t) => (
            <tr key={t.id}>
              {/* The trade log's own format, so the same trade reads the same on both screens. */}
              <td>{formatTradeTime(t.exit_time)}</td>
              {showBot && <td>{t.bot_label ?? '—'}</td>}
              <td>{t.instrument}</td>
              <td>{t.side.toUpperCase()}</td>
              <td>{formatPriceText(t.entry_price)}</td>
              <td>{formatPriceText(t.exit_price)}</td>
              <td>{formatPriceText(t.stop_price)}</td>
              <td>{t.rr === null ? '—' : `${Number(t.rr).toFixed(2)}R`}</td>
              <td className={t.win_loss === 'flat' ? undefined : styles[t.win_loss]}>{formatPnl(t.pnl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
