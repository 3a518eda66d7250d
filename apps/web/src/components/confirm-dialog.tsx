import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './use-return-focus';
import styles from './confirm-dialog.module.css';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  /** Destructive actions (disable, remove, delete) confirm in red. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  /** Fields the action needs (a report's reason, a mute's length), between the description and the buttons. */
  children?: ReactNode;
};

/**
 * An accessible confirmation: focus is trapped, Escape and Cancel close it unless it is busy, and
 * focus then returns to what had it before (callers open it from their own buttons, not a Radix
 * trigger, so Radix alone would drop focus on the page body).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  error,
  tone = 'danger',
  onConfirm,
  children,
}: Props) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} {...returnFocus}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          {children}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant={tone} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
