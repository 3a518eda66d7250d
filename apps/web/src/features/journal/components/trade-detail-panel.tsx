import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isManualTrade, manualTradeIdOf } from '@th/domain';
import type { JournalTradeRequest } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDeleteManualTrade } from '../api/delete-manual-trade';
import { useJournalDay } from '../api/get-journal-day';
import { useSaveTradeEntry } from '../api/save-trade-entry';
import { describeFailure } from '../utils/errors';
import { useEditMode } from '../utils/use-edit-mode';
import { preload, useLoaded } from '@/lib/use-loaded';
import { Screenshots } from './screenshots';
import { TradeDetailRead } from './trade-detail-read';
import styles from './journal.module.css';
import type { TradeEntryForm as EntryForm } from './trade-entry-form';

// The editor (TipTap) is most of the journal's code and only the Edit view needs it: it loads
// when a panel opens, not with the page (TradeDesk shows five trades and opens none).
const loadTradeEntryForm = () => import('./trade-entry-form');

function TradeEntryForm(props: ComponentProps<typeof EntryForm>) {
  const loaded = useLoaded(loadTradeEntryForm);
  return loaded ? <loaded.TradeEntryForm {...props} /> : <Loading label="Loading journal…" />;
}

export const DELETE_CONFIRMATION = 'Delete this manual trade? This action cannot be undone.';

type Props = {
  trade: Trade;
  /** TradeDesk shows a View day link and its own journal error text; the daily log does not. */
  variant: 'tradedesk' | 'daily-log';
  onClose: () => void;
  onDeleted?: () => void;
  /** More for the read view, from the route (the daily log's "Share to community"). */
  extra?: ReactNode;
};

/**
 * §2.9 trade detail: read view, edit view (one at a time, since only one row is open), and
 * the Edit / Delete trade / View day / Close actions. Saving refreshes that day's journal.
 */
export function TradeDetailPanel({ trade, variant, onClose, onDeleted, extra }: Props) {
  const journal = useJournalDay(trade.trade_date);
  const save = useSaveTradeEntry();
  const dailyLog = variant === 'daily-log';
  const remove = useDeleteManualTrade({ signInOnFailure: dailyLog });
  const { editing, startEdit, leaveEdit, editButton } = useEditMode();
  const [actionError, setActionError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const entry = journal.data?.data.trades[trade.id];
  const manual = isManualTrade(trade);

  useEffect(() => {
    void preload(loadTradeEntryForm);
  }, []);

  // Rejects with the failure too, so the form can put a 422's messages on its fields.
  const onSave = async (body: JournalTradeRequest) => {
    if (!trade.trade_date) {
      setActionError('Unable to determine trade date.');
      return;
    }
    setActionError(null);
    setSaved(false);
    try {
      await save.mutateAsync({ date: trade.trade_date, tradeId: trade.id, entry: body });
      leaveEdit();
      setSaved(true);
    } catch (error) {
      setActionError(describeFailure(error, 'Failed to save trade', 'Unable to save updates for this trade.'));
      throw error;
    }
  };

  const manualId = manualTradeIdOf(trade);
  // A trade without its number cannot be deleted: say so rather than ask first.
  const askDelete = () => {
    if (manualId === null) setActionError('Unable to determine manual trade identifier.');
    else setConfirmingDelete(true);
  };
  const onDelete = () => {
    if (manualId === null) return;
    setConfirmingDelete(false);
    setActionError(null);
    remove.mutate(manualId, {
      onSuccess: () => onDeleted?.(),
      onError: (error) => {
        setActionError(describeFailure(error, 'Failed to delete trade', 'Unable to delete this manual trade.'));
      },
    });
  };

  const journalError =
    journal.isError &&
    describeFailure(
      journal.error,
      'Failed to load journal',
      dailyLog ? 'Unable to load journal details for this day.' : 'Unable to load journal entry.',
    );

  return (
    <div className={styles.tradeDetail} id={`trade-detail-${trade.id}`} role="region" aria-label={`${trade.instrument} trade details`}>
      {journal.isLoading && <Loading label="Loading journal…" />}
      {journalError && <Alert tone="error">{journalError}</Alert>}
      {/* Always rendered, so a screen reader hears the save once the form has closed. */}
      <p className="visually-hidden" role="status">
        {saved ? 'Trade journal saved.' : ''}
      </p>
      {editing ? (
        <TradeEntryForm
          trade={trade}
          entry={entry}
          saving={save.isPending}
          error={actionError}
          onSave={onSave}
          onCancel={() => {
            if (save.isPending) return;
            setActionError(null);
            leaveEdit();
          }}
        />
      ) : (
        <>
          {actionError && <Alert tone="error">{actionError}</Alert>}
          <TradeDetailRead trade={trade} entry={entry} />
          <div className={styles.detailActions}>
            <Button ref={editButton} variant="secondary" onClick={() => {
                setSaved(false);
                startEdit();
              }} disabled={journal.isLoading}>
              Edit
            </Button>
            {manual && (
              <Button variant="danger" onClick={askDelete} busy={remove.isPending} busyLabel="Deleting…">
                Delete trade
              </Button>
            )}
            {!dailyLog && trade.trade_date && (
              <Link className="btn btn-secondary" to={paths.tradedeskDay(trade.trade_date, trade.id)}>
                View day
              </Link>
            )}
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
          {trade.trade_date && <Screenshots date={trade.trade_date} tradeId={trade.id} subject={`this ${trade.instrument} trade`} />}
          {extra}
        </>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete manual trade"
        description={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={false}
        onConfirm={onDelete}
      />
    </div>
  );
}
