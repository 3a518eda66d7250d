import type { SharedTradeCard as Card } from '@th/contracts/community';
import { formatPnl, formatSide, momentLabel } from '@th/domain';
import { RichTextView } from '@/components/rich-text-view';
import styles from './community.module.css';

/** A moment in the card's zone, the zone named ("Oct 30, 2026, 9:35 AM EDT"). */
const timeIn = (iso: string | null, zone: string) => (iso ? (momentLabel(iso, { zone }) ?? '—') : '—');
const zoneName = (zone: string) => zone.split('/').at(-1)!.replace(/_/g, ' ');

/** A shared trade: instrument, side, times in one named zone, R and (when shared) the P&L. */
export function SharedTradeCard({ card }: { card: Card }) {
  const r = card.r_multiple === null ? '—' : `${card.r_multiple > 0 ? '+' : ''}${card.r_multiple.toFixed(2)}R`;
  return (
    <section className={styles.card} aria-label={`Shared trade: ${card.instrument}`}>
      <h3 className={styles.cardTitle}>
        {card.instrument} · {formatSide(card.side)}
      </h3>
      <dl className={styles.cardFacts}>
        <div>
          <dt>Entry ({zoneName(card.zone)} time)</dt>
          <dd>{timeIn(card.entry_time, card.zone)}</dd>
        </div>
        <div>
          <dt>Exit ({zoneName(card.zone)} time)</dt>
          <dd>{timeIn(card.exit_time, card.zone)}</dd>
        </div>
        <div>
          <dt>R</dt>
          <dd>{r}</dd>
        </div>
        {card.pnl_as === 'money' && (
          <div>
            <dt>P&amp;L</dt>
            <dd>{formatPnl(card.pnl)}</dd>
          </div>
        )}
      </dl>
      {card.note_html && (
        <>
          <h4 className={styles.cardTitle}>Journal note</h4>
          <RichTextView html={card.note_html} empty="" />
        </>
      )}
    </section>
  );
}
