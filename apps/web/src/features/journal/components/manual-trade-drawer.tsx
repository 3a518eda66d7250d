import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DateTime } from 'luxon';
import { MANUAL_TRADE_TYPES, ManualTradeRequest, type Trade } from '@th/contracts/trades';
import { TRADE_TIME_ZONE } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, SelectField, TextareaField } from '@/components/field';
import { useReturnFocus } from '@/components/use-return-focus';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, textOrNull, useContractForm } from '@/lib/form';
import { useCreateManualTrade } from '../api/create-manual-trade';
import styles from './journal.module.css';

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
const numberOrNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text !== '' && Number.isFinite(Number(text)) ? text : null;
};
/** A typed Toronto minute as the instant the request carries. */
const isoOrNull = (value: unknown) =>
  typeof value === 'string' ? (value ? (DateTime.fromISO(value, ZONE).toUTC().toISO() ?? null) : null) : value;

const ManualTradeSchema = readingFields(ManualTradeRequest, {
  type: textOrNull,
  quantity: numberOrNull,
  entry_price: numberOrNull,
  exit_price: numberOrNull,
  stop_loss: numberOrNull,
  take_profit: numberOrNull,
  fee: numberOrNull,
  swap: numberOrNull,
  gross_pnl: numberOrNull,
  net_pnl: numberOrNull,
  entry_time: isoOrNull,
  exit_time: isoOrNull,
  account_label: textOrNull,
  account_identifier: textOrNull,
  notes: textOrNull,
});

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
  const form = useContractForm(ManualTradeSchema, initialDraft(day));
  const { register, control, reset, formState } = form;
  const errors = formState.errors;
  const [instrument, netPnl] = useWatch({ control, name: ['instrument', 'net_pnl'] });
  // Focus goes back to the "+ Trade" button that opened the drawer.
  const returnFocus = useReturnFocus();
  const saving = create.isPending;
  const [announced, setAnnounced] = useState('');
  // A new drawer starts with nothing said, so the next creation is heard even for the same instrument.
  useEffect(() => {
    if (open) setAnnounced('');
  }, [open]);

  const known = new Set(MANUAL_TRADE_TYPES.map((type) => type.toLowerCase()));
  const types = [...MANUAL_TRADE_TYPES, ...importedTypes.filter((type) => type && !known.has(type.toLowerCase()))];
  const canCreate = instrument.trim() !== '' && netPnl.trim() !== '' && !saving;

  const changeOpen = (next: boolean) => {
    if (saving) return;
    if (!next) {
      reset(initialDraft(day));
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((body) => {
    if (!canCreate) return;
    // No exit time: the trade closed when it opened.
    create.mutate(
      { ...body, exit_time: body.exit_time ?? body.entry_time },
      {
        onSuccess: (response) => {
          setAnnounced(`Manual trade ${response.data.instrument} created.`);
          reset(initialDraft(day));
          onOpenChange(false);
          onCreated?.(response.data);
        },
        onError: (error) => showServerErrors(form, error),
      },
    );
  });

  return (
    <>
      {/* Outside the dialog and always there: the drawer closes on a save, and a screen reader
          still hears that the trade was created (a live region added with its text is often missed). */}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      <Dialog.Root open={open} onOpenChange={changeOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className={styles.drawerBackdrop} />
          <Dialog.Content
            className={styles.drawer}
            {...returnFocus}
            onEscapeKeyDown={(event) => saving && event.preventDefault()}
            onPointerDownOutside={(event) => saving && event.preventDefault()}
            onInteractOutside={(event) => saving && event.preventDefault()}
          >
            <header className={styles.drawerHeader}>
              <div>
                <Dialog.Title>Create manual trade</Dialog.Title>
                <Dialog.Description className="muted">
                  Log trades that were not imported from a linked account.
                </Dialog.Description>
              </div>
              <Dialog.Close className={styles.drawerClose} aria-label="Close" disabled={saving}>
                ×
              </Dialog.Close>
            </header>
            <form onSubmit={submit} noValidate>
              {/* §8.2: the server's message or field errors, else the spec's words. */}
              {create.isError && <Alert tone="error">{describeError(create.error, 'Unable to create manual trade.')}</Alert>}
              <div className={styles.drawerGrid}>
                <Field label="Instrument" placeholder="e.g. NAS100" required {...register('instrument')} error={errors.instrument?.message} />
                <SelectField label="Side" {...register('side')}>
                  <option value="BUY">Buy</option>
                  <option value="SELL">Sell</option>
                </SelectField>
                <SelectField label="Type" {...register('type')}>
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </SelectField>
                <Field label="Quantity" type="number" inputMode="decimal" step="0.000001" min={0} hint="Number of lots or contracts you entered for this trade." {...register('quantity')} error={errors.quantity?.message} />
                <Field label="Entry time" type="datetime-local" hint="Times are Toronto time (America/Toronto), as in the trade log." required {...register('entry_time')} error={errors.entry_time?.message} />
                <Field label="Exit time" type="datetime-local" {...register('exit_time')} error={errors.exit_time?.message} />
                <Field label="Entry price" type="number" inputMode="decimal" step="0.000001" {...register('entry_price')} error={errors.entry_price?.message} />
                <Field label="Exit price" type="number" inputMode="decimal" step="0.000001" {...register('exit_price')} error={errors.exit_price?.message} />
                <Field label="Stop loss" type="number" inputMode="decimal" step="0.000001" {...register('stop_loss')} error={errors.stop_loss?.message} />
                <Field label="Take profit" type="number" inputMode="decimal" step="0.000001" {...register('take_profit')} error={errors.take_profit?.message} />
                <Field label="Net P/L" type="number" inputMode="decimal" step="0.01" required {...register('net_pnl')} error={errors.net_pnl?.message} />
                <Field label="Gross P/L" type="number" inputMode="decimal" step="0.01" {...register('gross_pnl')} error={errors.gross_pnl?.message} />
                <Field label="Fees" type="number" inputMode="decimal" step="0.01" {...register('fee')} error={errors.fee?.message} />
                <Field label="Swap" type="number" inputMode="decimal" step="0.01" {...register('swap')} error={errors.swap?.message} />
                <Field label="Account label" {...register('account_label')} error={errors.account_label?.message} />
                <Field label="Account identifier (optional)" {...register('account_identifier')} error={errors.account_identifier?.message} />
              </div>
              <TextareaField label="Notes" rows={3} {...register('notes')} error={errors.notes?.message} />
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
    </>
  );
}
