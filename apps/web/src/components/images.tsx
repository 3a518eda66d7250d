import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { useReturnFocus } from '@/components/use-return-focus';
import styles from './images.module.css';

/** The formats the server takes (it sniffs the bytes; this only filters the file picker). */
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

/** A stored image's small copy: a button that opens it in full. */
export function ImageThumbnail({ url, failed, label, onOpen }: { url: string | null; failed: boolean; label: string; onOpen: () => void }) {
  return (
    <button type="button" className={styles.thumbnail} onClick={onOpen} aria-label={`Open ${label}`}>
      {url ? <img src={url} alt="" /> : <span className="muted">{failed ? 'Not loaded' : 'Loading…'}</span>}
    </button>
  );
}

/** The full image in a dialog titled with its label (also its alt text); Escape or Close leaves. */
export function ImageViewer({ url, failed, label, onClose }: { url: string | null; failed: boolean; label: string; onClose: () => void }) {
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
            <p role="alert">The image could not be loaded.</p>
          ) : (
            <Loading label="Loading image…" />
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
 * Images pasted (Ctrl+V / ⌘V while anything inside has focus) or dropped on a box: spread the
 * handlers on it; `dragging` outlines it while a file is over it.
 */
export function useImageDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onPaste: (event: ClipboardEvent) => {
      const files = [...event.clipboardData.files];
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      onFiles([...event.dataTransfer.files]);
    },
  };
  return { dragging, handlers };
}

type PickerProps = {
  /** The button's text: "Add screenshot", "Add image". */
  children: string;
  /** The hidden file input's label: what the images are of. */
  inputLabel: string;
  onFiles: (files: File[]) => void;
  busy?: boolean;
  disabled?: boolean;
};

/** The button that opens the file picker, and what else the box takes (paste, drop, formats). */
export function ImagePicker({ children, inputLabel, onFiles, busy = false, disabled = false }: PickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.add}>
      <Button variant="secondary" onClick={() => input.current?.click()} busy={busy} busyLabel="Attaching…" disabled={disabled}>
        {children}
      </Button>
      <span className="muted">or paste (Ctrl+V) or drop an image here. PNG, JPEG, WebP or GIF up to 5 MB.</span>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        multiple
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </div>
  );
}

/** The member's files that look like images, or the uploads module's refusal (the server checks again). */
export function imagesAmong(files: File[], maxBytes: number): { images: File[]; problem: string | null } {
  const images = files.filter((file) => file.type.startsWith('image/') || file.type === '');
  if (images.length === 0) return { images, problem: 'Upload a PNG, JPEG, WebP or GIF image.' };
  if (images.some((file) => file.size > maxBytes)) return { images: [], problem: 'Images are limited to 5 MB.' };
  return { images, problem: null };
}
