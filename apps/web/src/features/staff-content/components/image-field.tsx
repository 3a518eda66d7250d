import { useId, useState, type ChangeEvent } from 'react';
import { UPLOAD_MAX_BYTES } from '@th/contracts';
import { describeError } from '@/lib/api-client';
import { useUploadImage } from '../api/upload-image';
import styles from './staff-content.module.css';

type Props = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
};

/** An image address typed in or uploaded (PNG, JPEG, WebP or GIF up to 5 MB), with a preview. */
export function ImageField({ label, value, onChange, error }: Props) {
  const id = useId();
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem('Images are limited to 5 MB.');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => onChange(answer.data.url),
      onError: (failure) =>
        setProblem(
          describeError(failure, (status) =>
            status === null ? 'Upload failed.' : `Upload failed (${status})`,
          ),
        ),
    });
  };

  const shown = problem ?? error;
  return (
    <div className="field">
      <label htmlFor={`${id}-url`}>{label}</label>
      <div className={styles.imageRow}>
        <input
          id={`${id}-url`}
          value={value}
          placeholder="/uploads/… or https://…"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <label
          className={`btn btn-secondary ${styles.upload}`}
          aria-busy={upload.isPending || undefined}
        >
          {upload.isPending ? 'Uploading…' : 'Upload'}
          <input
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`Upload ${label.toLowerCase()}`}
            disabled={upload.isPending}
            onChange={pick}
          />
        </label>
      </div>
      {value && <img className={styles.imagePreview} src={value} alt="" />}
      {shown && (
        <p className="field-error" id={`${id}-error`}>
          {shown}
        </p>
      )}
    </div>
  );
}
