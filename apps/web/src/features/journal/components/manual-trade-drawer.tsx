import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { DateTime } from 'luxon';
import { MANUAL_TRADE_TYPES, type Trade } from '@th/contracts/trades';
import { TRADE_TIME_ZONE } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { useReturnFocus } from '@/components/use-return-focus';
import { ApiError } from '@/lib/api-client';
import { useCreateManualTrade } from '../api/create-manual-trade';

type Draft = Record<
  | 'instrument' | 'side' | 'type' | 'quantity' | 'entry_time' | 'exit_time' | 'entry_price' | 'exit_price'
  | 'stop_loss' | 'take_profit' | 'net_pnl' | 'gross_pnl' | 'fee' | 'swap' | 'account_label'
  | 'account_identifier' | 'notes',
  string
>;

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

/**
 * Times typed here are Toronto time, the zone every trade table and the trade date rule use
 * (§5.3's "local" read as the journal's own clock): a member abroad types 09:30 and gets the
 * 09:30 New York open, on the day they opened, never their device's 09:30.
 */
const ZONE = { zone: TRADE_TIME_ZONE };

/** §5.3 defaults: now and Buy; from the daily log Buy, 'Manual', 09:30–10:00 on that day. */
function initialDraft(day: string | undefined): Draft {
  const base = day ? DateTime.fromISO(day, ZONE) : null;
  return {
    instrument: '',
    side: 'BUY',
    type: 'Market',
    quantity: '',
    entry_time: base ? base.set({ hour: 9, minute: 30 }).toFormat(LOCAL_MINUTE) : DateTime.now().setZone(TRADE_TIME_ZONE).toFormat(LOCAL_MINUTE),
    exit_time: base ? base.set({ hour: 10, minute: 0 }).toFormat(LOCAL_MINUTE) : '',
    entry_price: '',
    exit_price: '',
    stop_loss: '',
    take_profit: '',
    net_pnl: '',
    gross_pnl: '',
    fee: '',
    swap: '',
    account_label: base ? 'Manual' : '',
    account_identifier: '',
    notes: '',
  };
}

/** Blank or non-numeric numbers are sent as null (§5.3). */
const numberOrNull = (value: string) => {
  const text = value.trim();
  return text !== '' && Number.isFinite(Number(text)) ? text : null;
};
const isoOrNull = (local: string) => (local ? (DateTime.fromISO(local, ZONE).toUTC().toISO() ?? null) : null);
const textOrNull = (value: string) => value.trim() || null;

/** The server's field errors joined into one line, else its message, else the fallback. */
function describeCreateError(error: unknown) {
  if (!(error instanceof ApiError)) return 'Unable to create manual trade.';
  const joined = Object.values(error.fieldErrors).flat().join(' ');
  return joined || error.serverMessage || 'Unable to create manual trade.';
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Types seen in imported trades that the default list lacks. */
  importedTypes?: readonly string[];
  /** Set when opened from a daily log (YYYY-MM-DD). */
  day?: string;
  onCreated?: (trade: Trade) => void;
};

export function ManualTradeDrawer({ open, onOpenChange, importedTypes = [], day, onCreated }: Props) {
  const create = useCreateManualTrade();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(day));
  const [entryError, setEntryError] = useState<string | null>(null);
  // Focus goes back to the "+ Trade" button that opened the drawer.
  const returnFocus = useReturnFocus();
  const saving = create.isPending;

  const known = new Set(MANUAL_TRADE_TYPES.map((type) => type.toLowerCase()));
  const types = [...MANUAL_TRADE_TYPES, ...importedTypes.filter((type) => type && !known.has(type.toLowerCase()))];
  const canCreate = draft.instrument.trim() !== '' && draft.net_pnl.trim() !== '' && !saving;

  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const changeOpen = (next: boolean) => {
    if (saving) return;
    if (!next) {
      setDraft(initialDraft(day));
      setEntryError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    if (!draft.entry_time) {
      setEntryError('Entry time is required.');
      return;
    }
    setEntryError(null);
    const entry = isoOrNull(draft.entry_time);
    create.mutate(
      {
        instrument: draft.instrument.trim(),
        side: draft.side,
        type: textOrNull(draft.type),
        quantity: numberOrNull(draft.quantity),
        entry_price: numberOrNull(draft.entry_price),
        exit_price: numberOrNull(draft.exit_price),
        stop_loss: numberOrNull(draft.stop_loss),
        take_profit: numberOrNull(draft.take_profit),
        fee: numberOrNull(draft.fee),
        swap: numberOrNull(draft.swap),
        gross_pnl: numberOrNull(draft.gross_pnl),
        net_pnl: numberOrNull(draft.net_pnl),
        entry_time: entry,
        exit_time: isoOrNull(draft.exit_time) ?? entry,
        account_label: textOrNull(draft.account_label),
        account_identifier: textOrNull(draft.account_identifier),
        notes: textOrNull(draft.notes),
      },
      {
        onSuccess: (response) => {
          setDraft(initialDraft(day));
          onOpenChange(false);
          onCreated?.(response.data);
        },
      },
    );
  };

  const numeric = (key: keyof Draft, label: string, step: string, extra: { min?: number; hint?: string; required?: boolean } = {}) => (
    <Field
      label={label}
      type="number"
      inputMode="decimal"
      step={step}
      min={extra.min}
      hint={extra.hint}
      required={extra.required}
      value={draft[key]}
      onChange={set(key)}
    />
  );

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-backdrop" />
        <Dialog.Content
          className="drawer"
          {...returnFocus}
          onEscapeKeyDown={(event) => saving && event.preventDefault()}
          onPointerDownOutside={(event) => saving && event.preventDefault()}
          onInteractOutside={(event) => saving && event.preventDefault()}
        >
          <header className="drawer-header">
            <div>
              <Dialog.Title>Create manual trade</Dialog.Title>
              <Dialog.Description className="muted">
                Log trades that were not imported from a linked account.
              </Dialog.Description>
            </div>
            <Dialog.Close className="drawer-close" aria-label="Close" disabled={saving}>
              ×
            </Dialog.Close>
          </header>
          <form className="drawer-form" onSubmit={submit} noValidate>
            {create.isError && <Alert tone="error">{describeCreateError(create.error)}</Alert>}
            <div className="drawer-grid">
              <Field label="Instrument" placeholder="e.g. NAS100" required value={draft.instrument} onChange={set('instrument')} />
              <div className="field">
                <label htmlFor="manual-side">Side</label>
                <select id="manual-side" value={draft.side} onChange={set('side')}>
                  <option value="BUY">Buy</option>
                  <option value="SELL">Sell</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="manual-type">Type</label>
                <select id="manual-type" value={draft.type} onChange={set('type')}>
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </div>
              {numeric('quantity', 'Quantity', '0.000001', { min: 0, hint: 'Number of lots or contracts you entered for this trade.' })}
              <Field
                label="Entry time"
                type="datetime-local"
                hint="Times are Toronto time (America/Toronto), as in the trade log."
                required
                value={draft.entry_time}
                onChange={set('entry_time')}
                error={entryError}
              />
              <Field label="Exit time" type="datetime-local" value={draft.exit_time} onChange={set('exit_time')} />
              {numeric('entry_price', 'Entry price', '0.000001')}
              {numeric('exit_price', 'Exit price', '0.000001')}
              {numeric('stop_loss', 'Stop loss', '0.000001')}
              {numeric('take_profit', 'Take profit', '0.000001')}
              {numeric('net_pnl', 'Net P/L', '0.01', { required: true })}
              {numeric('gross_pnl', 'Gross P/L', '0.01')}
              {numeric('fee', 'Fees', '0.01')}
              {numeric('swap', 'Swap', '0.01')}
              <Field label="Account label" value={draft.account_label} onChange={set('account_label')} />
              <Field label="Account identifier (optional)" value={draft.account_identifier} onChange={set('account_identifier')} />
            </div>
            <div className="field">
              <label htmlFor="manual-notes">Notes</label>
              <textarea id="manual-notes" rows={3} value={draft.notes} onChange={set('notes')} />
            </div>
            <div className="form-actions">
              <Button variant="secondary" onClick={() => changeOpen(false)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canCreate} busy={saving} busyLabel="Saving…">
                Create trade
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
