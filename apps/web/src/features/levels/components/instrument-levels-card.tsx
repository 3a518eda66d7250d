import { formatPrice, toDateTime, TRADE_TIME_ZONE } from '@th/domain';
import { Card } from '@/components/card';
import type { InstrumentLevels } from '../utils/group-levels';
import { TableWrap } from '@/components/table-wrap';
import { TableHead } from '@/components/table-head';
import styles from './levels.module.css';

/** "09:42" in Toronto, with the day when it is not the trading date (the Asian Range's evening). */
function LevelTime({ at, tradeDate }: { at: string; tradeDate: string }) {
  const local = toDateTime(at)?.setZone(TRADE_TIME_ZONE).setLocale('en-US');
  if (!local) return <span className={styles.time}>—</span>;
  return (
    <span className={styles.time}>
      {local.toFormat('HH:mm')}
      {local.toISODate() !== tradeDate && <span> ({local.toFormat('ccc')})</span>}
    </span>
  );
}

export function InstrumentLevelsCard({ levels }: { levels: InstrumentLevels }) {
  const headingId = `levels-${levels.instrument}`;
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 className={styles.cardTitle} id={headingId}>
        <span className={styles.emoji} aria-hidden="true">
          {levels.emoji}
        </span>{' '}
        {levels.instrument}
        {levels.name && <span className={styles.cardName}>{levels.name}</span>}
      </h2>
      <TableWrap label={`Session highs and lows, ${levels.instrument}`}>
        <table className={`data ${styles.table}`}>
          <caption className="visually-hidden">{`${levels.instrument} session highs and lows, Toronto time`}</caption>
          <TableHead columns={['Session', { label: 'High', className: 'num' }, { label: 'Low', className: 'num' }]} />
          {levels.dates.map((date) => (
              <tbody key={date.tradeDate}>
                <tr className={styles.dateRow}>
                  <th scope="colgroup" colSpan={3}>
                    {date.label}
                  </th>
                </tr>
                {date.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={styles.session}>
                      {row.session}
                    </th>
                    <td className="num">
                      <span className={styles.price}>{formatPrice(row.high)}</span>
                      <LevelTime at={row.high_at} tradeDate={date.tradeDate} />
                    </td>
                    <td className="num">
                      <span className={styles.price}>{formatPrice(row.low)}</span>
                      <LevelTime at={row.low_at} tradeDate={date.tradeDate} />
                    </td>
                  </tr>
                ))}
              </tbody>
          ))}
        </table>
      </TableWrap>
    </Card>
  );
}
