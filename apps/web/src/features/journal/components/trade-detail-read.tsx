import {
  displayValue,
  formatMoney,
  formatPnl,
  formatPrice,
  formatSide,
  formatSize,
  riskAmountOf,
} from '@th/domain';
import type { JournalTradeEntry } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { RichTextView } from '@/components/rich-text-view';
import { TradeChart } from './trade-chart';
import { TradePlaybookRead } from './trade-playbook-read';
import { tradeOutcomeLabel } from '../utils/trade-outcome';
import styles from './journal.module.css';

const Row = ({ term, children }: { term: string; children: React.ReactNode }) => (
  <div className={styles.detailRow}>
    <dt>{term}</dt>
    <dd>{children}</dd>
  </div>
);

/** A checklist item: Pass or Fail once the member has reviewed the trade, else said plainly. */
const passFail = (entry: JournalTradeEntry | undefined, value: boolean | undefined) =>
  !entry ? <span className="muted">Not reviewed</span> : value ? <span className="positive">Pass</span> : <span className="negative">Fail</span>;

/**
 * §2.9 read view: the trade's facts, then the member's journal of it, then the trade chart
 * (issue #24) where the spec had a "Replay chart coming soon" placeholder.
 */
export function TradeDetailRead({ trade, entry }: { trade: Trade; entry: JournalTradeEntry | undefined }) {
  const risk = riskAmountOf(trade);
  const account = [trade.account_label, trade.account_identifier].filter(Boolean).join(' · ');
  return (
    <div className={styles.detailRead}>
      <section aria-label="Execution">
        <h3>Execution</h3>
        <dl>
          <Row term="Direction">{formatSide(trade.side)}</Row>
          <Row term="Account">{displayValue(account)}</Row>
          <Row term="Position size">
            {formatSize(trade.quantity)}
            {risk !== null && <span className="muted"> · risk {formatMoney(risk)}</span>}
          </Row>
          <Row term="Entry → Exit">
            {formatPrice(trade.entry_price)} → {formatPrice(trade.exit_price)}
          </Row>
          <Row term="Stop / Target">
            {formatPrice(trade.stop_loss)} / {formatPrice(trade.take_profit)}
          </Row>
          <Row term="Fees / Swap">
            {formatMoney(trade.fee)} / {formatMoney(trade.swap)}
          </Row>
          <Row term="Result">
            <span className={Number(trade.net_pnl) < 0 ? 'negative' : 'positive'}>{formatPnl(trade.net_pnl)}</span>
            <span className="muted"> (gross {formatPnl(trade.gross_pnl)})</span>
          </Row>
          <Row term="Outcome">{tradeOutcomeLabel(trade, entry)}</Row>
        </dl>
      </section>
      <section aria-label="Market context">
        <h3>Market context</h3>
        <dl>
          <Row term="Session">{displayValue(entry?.context.session ?? trade.session)}</Row>
          <Row term="Condition">{displayValue(entry?.context.marketCondition)}</Row>
          <Row term="News">{displayValue(entry?.context.news)}</Row>
          <Row term="Tags">{displayValue(entry?.labels.join(', '))}</Row>
        </dl>
        <h3>Process checklist</h3>
        <dl>
          <Row term="Plan aligned">{passFail(entry, entry?.checklist.planAligned)}</Row>
          <Row term="Risk managed">{passFail(entry, entry?.checklist.riskManaged)}</Row>
          <Row term="Scaling rules respected">{passFail(entry, entry?.checklist.scalingRules)}</Row>
        </dl>
        <TradePlaybookRead entry={entry} />
      </section>
      <section aria-label="Mindset check">
        <h3>Mindset check</h3>
        <dl>
          <Row term="Before">{displayValue(entry?.emotions.before)}</Row>
          <Row term="During">{displayValue(entry?.emotions.during)}</Row>
          <Row term="After">{displayValue(entry?.emotions.after)}</Row>
        </dl>
        <h3>Trade notes</h3>
        <RichTextView html={entry?.notes ?? trade.notes ?? null} empty="No notes for this trade yet." />
      </section>
      <TradeChart tradeId={trade.id} />
    </div>
  );
}
