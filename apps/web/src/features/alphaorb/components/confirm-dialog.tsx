import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
};

/** An accessible confirmation: focus is trapped, Escape and Cancel close it. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busyLabel, busy, tone = 'primary', onConfirm }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="orb-dialog-overlay" />
        <Dialog.Content className="orb-dialog">
          <Dialog.Title className="orb-dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="orb-dialog-description">{description}</Dialog.Description>
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
