import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { CommunityPostRequest } from '@th/contracts/community';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { RichTextEditor } from '@/components/rich-text-editor';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useCreatePost } from '../api/create-post';
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

/** A new post or reply: rich text (bold, italic, underline, lists), checked with the server's schema. */
export function PostComposer({ channelSlug, parentId, label, submitLabel, onPosted }: Props) {
  const create = useCreatePost();
  const findPeople = useFindPeople(channelSlug);
  const [generation, setGeneration] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(CommunityPostRequest, { body_html: '', parent_id: parentId ?? null });
  const { control, handleSubmit, reset, formState } = form;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    if (body.body_html.trim() === '') {
      form.setError('body_html', { type: 'empty', message: 'Write something before posting.' });
      return;
    }
    try {
      await create.mutateAsync({ channelSlug, body });
      reset({ body_html: '', parent_id: parentId ?? null });
      // A fresh editor: TipTap keeps its own document.
      setGeneration((n) => n + 1);
      onPosted?.();
    } catch (error) {
      showServerErrors(form, error);
      setFailure(describeError(error, 'Your post could not be sent. Try again.'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
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
      {failure && !formState.errors.body_html && <Alert tone="error">{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={create.isPending} busyLabel="Posting…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
