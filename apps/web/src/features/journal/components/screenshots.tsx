import { useId, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '@th/contracts';
import type { Screenshot } from '@th/contracts/journal-screenshots';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ImagePicker, ImageThumbnail, ImageViewer, imagesAmong, useImageDrop } from '@/components/images';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useAttachScreenshot, useDayScreenshots, useDeleteScreenshot, useScreenshotUrl } from '../api/screenshots';
import styles from './screenshots.module.css';

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
  return <ImageThumbnail url={url} failed={failed} label={label} onOpen={onOpen} />;
}

function Viewer({ screenshot, label, onClose }: { screenshot: Screenshot; label: string; onClose: () => void }) {
  const { url, failed } = useScreenshotUrl(screenshot, 'full');
  return <ImageViewer url={url} failed={failed} label={label} onClose={onClose} />;
}

/**
 * Screenshots of a day or of one trade: pick a file, paste one (Ctrl+V / ⌘V while anything in
 * the box has focus) or drop one; thumbnails open the full image; each can be deleted.
 */
export function Screenshots({ date, tradeId, subject, variant = 'inset' }: Props) {
  const headingId = useId();
  const day = useDayScreenshots(date);
  const attach = useAttachScreenshot(date, tradeId);
  const remove = useDeleteScreenshot(date);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [viewing, setViewing] = useState<Screenshot | null>(null);
  const [deleting, setDeleting] = useState<Screenshot | null>(null);

  const shown = (day.data?.data ?? []).filter((s) => s.trade_id === tradeId);
  const labelOf = (s: Screenshot) => `Screenshot ${shown.indexOf(s) + 1} of ${subject}`;

  const send = async (files: File[]) => {
    const { images, problem: refused } = imagesAmong(files, UPLOAD_MAX_BYTES);
    setProblem(refused);
    setStatus('');
    for (const file of images) {
      try {
        const answer = await attach.mutateAsync(file);
        setStatus(answer.message);
      } catch (failure) {
        setProblem(describeError(failure, 'The screenshot could not be attached. Try again.'));
        return;
      }
    }
  };

  const { dragging, handlers } = useImageDrop((files) => void send(files));

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
      {...handlers}
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
      <ImagePicker inputLabel={`Choose screenshots of ${subject}`} onFiles={(files) => void send(files)} busy={attach.isPending}>
        Add screenshot
      </ImagePicker>
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
