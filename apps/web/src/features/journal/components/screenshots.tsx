import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { UPLOAD_MAX_BYTES } from '@th/contracts';
import type { Screenshot } from '@th/contracts/journal-screenshots';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Loading } from '@/components/loading';
import { useReturnFocus } from '@/components/use-return-focus';
import { describeError } from '@/lib/api-client';
import { useAttachScreenshot, useDayScreenshots, useDeleteScreenshot, useScreenshotUrl } from '../api/screenshots';
import styles from './screenshots.module.css';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

type Props = {
  /** The trading day the images belong to (the trade's own day for a trade). */
  date: string;
  /** The trade they are attached to, or null for the day itself. */
  tradeId: string | null;
  /** What they show, for headings and labels: "the day" or "this NAS100 trade". */
  subject: string;
  /** A card of the page (the day's), or a box inside the trade's panel. */
  variant?: 'card' | 'inset';
};

function Thumbnail({ screenshot, label, onOpen }: { screenshot: Screenshot; label: string; onOpen: () => void }) {
  const { url, failed } = useScreenshotUrl(screenshot, 'thumbnail');
  return (
    <button type="button" className={styles.thumbnail} onClick={onOpen} aria-label={`Open ${label}`}>
      {url ? <img src={url} alt="" /> : <span className="muted">{failed ? 'Not loaded' : 'Loading…'}</span>}
    </button>
  );
}

function Viewer({ screenshot, label, onClose }: { screenshot: Screenshot; label: string; onClose: () => void }) {
  const { url, failed } = useScreenshotUrl(screenshot, 'full');
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.viewer} {...returnFocus} aria-describedby={undefined}>
          <Dialog.Title className={styles.viewerTitle}>{label}</Dialog.Title>
          {url ? (
            <img className={styles.full} src={url} alt={label} />
          ) : failed ? (
            <p role="alert">The screenshot could not be loaded.</p>
          ) : (
            <Loading label="Loading screenshot…" />
          )}
          <div className="form-actions">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Screenshots of a day or of one trade: pick a file, paste one (Ctrl+V / ⌘V while anything in
 * the box has focus) or drop one; thumbnails open the full image; each can be deleted.
 */
export function Screenshots({ date, tradeId, subject, variant = 'inset' }: Props) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const day = useDayScreenshots(date);
  const attach = useAttachScreenshot(date, tradeId);
  const remove = useDeleteScreenshot(date);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const [viewing, setViewing] = useState<Screenshot | null>(null);
  const [deleting, setDeleting] = useState<Screenshot | null>(null);

  const shown = (day.data?.data ?? []).filter((s) => s.trade_id === tradeId);
  const labelOf = (s: Screenshot) => `Screenshot ${shown.indexOf(s) + 1} of ${subject}`;

  const send = async (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/') || file.type === '');
    if (images.length === 0) return setProblem('Upload a PNG, JPEG, WebP or GIF image.');
    setProblem(null);
    setStatus('');
    for (const file of images) {
      if (file.size > UPLOAD_MAX_BYTES) {
        setProblem('Images are limited to 5 MB.');
        return;
      }
      try {
        const answer = await attach.mutateAsync(file);
        setStatus(answer.message);
      } catch (failure) {
        setProblem(describeError(failure, 'The screenshot could not be attached. Try again.'));
        return;
      }
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    void send(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (answer) => {
        setDeleting(null);
        setStatus(answer.message);
      },
    });
  };

  return (
    <section
      className={variant === 'card' ? `card ${styles.card}` : styles.screenshots}
      aria-labelledby={headingId}
      data-dragging={dragging || undefined}
      onPaste={onPaste}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {variant === 'card' ? (
        <h2 id={headingId} className="card-title">
          Screenshots
        </h2>
      ) : (
        <h3 id={headingId} className={styles.heading}>
          Screenshots
        </h3>
      )}
      {day.isLoading ? (
        <Loading label="Loading screenshots…" />
      ) : day.isError ? (
        <p role="alert">{describeError(day.error, 'Unable to load screenshots.')}</p>
      ) : shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((screenshot) => (
            <li key={screenshot.id} className={styles.item}>
              <Thumbnail screenshot={screenshot} label={labelOf(screenshot)} onOpen={() => setViewing(screenshot)} />
              <Button variant="ghost" className="btn-small" onClick={() => setDeleting(screenshot)} aria-label={`Delete ${labelOf(screenshot)}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No screenshots of {subject} yet.</p>
      )}
      <div className={styles.add}>
        <Button variant="secondary" onClick={() => input.current?.click()} busy={attach.isPending} busyLabel="Attaching…">
          Add screenshot
        </Button>
        <span className="muted">or paste (Ctrl+V) or drop an image here. PNG, JPEG, WebP or GIF up to 5 MB.</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          multiple
          hidden
          aria-label={`Choose screenshots of ${subject}`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {viewing && <Viewer screenshot={viewing} label={labelOf(viewing)} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete screenshot"
        description="This screenshot will be deleted. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={remove.isError ? describeError(remove.error, 'The screenshot could not be deleted. Try again.') : null}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
