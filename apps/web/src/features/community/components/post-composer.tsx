import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { UPLOAD_MAX_BYTES } from '@th/contracts';
import { CommunityPostRequest, POST_IMAGE_ALT_MAX, POST_MAX_IMAGES } from '@th/contracts/community';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ImagePicker, imagesAmong, useImageDrop } from '@/components/images';
import { RichTextEditor } from '@/components/rich-text-editor';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { type AttachedImage, useCreatePost } from '../api/create-post';
import { useFindPeople } from '../api/get-mentionable';
import styles from './community.module.css';

type Props = {
  channelSlug: string;
  /** A reply names the post it answers. */
  parentId?: number;
  label: string;
  submitLabel: string;
  onPosted?: () => void;
};

/** What the member attached, shown from their own file before it is sent. */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url ? <img className={styles.preview} src={url} alt="" /> : null;
}

/**
 * A new post or reply: rich text (bold, italic, underline, lists), checked with the server's
 * schema, and up to POST_MAX_IMAGES images picked, pasted or dropped, each with a label; they
 * are sent with the post, so none is stored without it.
 */
export function PostComposer({ channelSlug, parentId, label, submitLabel, onPosted }: Props) {
  const create = useCreatePost();
  const findPeople = useFindPeople(channelSlug);
  const [generation, setGeneration] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [images, setImages] = useState<AttachedImage[]>([]);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const form = useContractForm(CommunityPostRequest, { body_html: '', parent_id: parentId ?? null });
  const { control, handleSubmit, reset, formState } = form;

  const attach = (files: File[]) => {
    const { images: accepted, problem } = imagesAmong(files, UPLOAD_MAX_BYTES);
    const room = POST_MAX_IMAGES - images.length;
    setImageProblem(problem ?? (accepted.length > room ? `A post carries at most ${POST_MAX_IMAGES} images.` : null));
    setImages((held) => [...held, ...accepted.slice(0, room).map((file) => ({ file, alt: '' }))]);
  };
  const { dragging, handlers } = useImageDrop(attach);
  const nameOf = (index: number) => `image ${index + 1}`;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    // An image may speak for itself: a post with images needs no text.
    if (body.body_html.trim() === '' && images.length === 0) {
      form.setError('body_html', { type: 'empty', message: 'Write something before posting.' });
      return;
    }
    try {
      await create.mutateAsync({ channelSlug, body, images });
      reset({ body_html: '', parent_id: parentId ?? null });
      setImages([]);
      setImageProblem(null);
      // A fresh editor: TipTap keeps its own document.
      setGeneration((n) => n + 1);
      onPosted?.();
    } catch (error) {
      showServerErrors(form, error);
      setFailure(describeError(error, 'Your post could not be sent. Try again.'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label} data-dragging={dragging || undefined} {...handlers}>
      <Controller
        control={control}
        name="body_html"
        render={({ field }) => <RichTextEditor key={generation} label={label} initialHtml={field.value || null} onChange={field.onChange} disabled={create.isPending} findPeople={findPeople} />}
      />
      {formState.errors.body_html?.message && (
        <p className={styles.error} role="alert">
          {formState.errors.body_html.message}
        </p>
      )}
      {images.length > 0 && (
        <ul className={styles.attached} aria-label="Attached images">
          {images.map((image, index) => (
            <li key={`${image.file.name}-${image.file.lastModified}-${index}`} className={styles.attachedItem}>
              <Preview file={image.file} />
              <Field
                label={`Label for ${nameOf(index)} (optional)`}
                value={image.alt}
                maxLength={POST_IMAGE_ALT_MAX}
                placeholder="What it shows"
                onChange={(event) => {
                  const alt = event.target.value;
                  setImages((held) => held.map((h, i) => (i === index ? { ...h, alt } : h)));
                }}
              />
              <Button variant="ghost" className="btn-small" onClick={() => setImages((held) => held.filter((_, i) => i !== index))} aria-label={`Remove ${nameOf(index)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ImagePicker inputLabel={`Choose images for ${label.toLowerCase()}`} onFiles={attach} disabled={images.length >= POST_MAX_IMAGES || create.isPending}>
        Add image
      </ImagePicker>
      {imageProblem && (
        <p className={styles.error} role="alert">
          {imageProblem}
        </p>
      )}
      {failure && !formState.errors.body_html && <Alert tone="error">{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={create.isPending} busyLabel="Posting…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
