import { REPORT_REASON_NAMES, REPORT_REASONS, ReportPostRequest } from '@th/contracts/community';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SelectField, TextareaField } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useReportPost } from '../api/report-post';

type Props = {
  postId: number;
  kind: 'post' | 'reply';
  author: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's answer once the report is taken, or why it was refused (a second report). */
  onDone: (outcome: { ok: boolean; message: string }) => void;
};

/** Reporting a post or reply to staff: a reason from the short list and an optional note. */
export function ReportDialog({ postId, kind, author, open, onOpenChange, onDone }: Props) {
  const report = useReportPost();
  const form = useContractForm(ReportPostRequest, { reason: '' as ReportPostRequest['reason'], note: '' });
  const { register, handleSubmit, reset, formState } = form;

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await report.mutateAsync({ postId, body });
      reset();
      onOpenChange(false);
      onDone({ ok: true, message: answer.message });
    } catch (error) {
      // A field's problem stays on the field; anything else (a second report) closes with the server's words.
      if (error instanceof ApiError && error.status === 422) {
        showServerErrors(form, error);
        return;
      }
      onOpenChange(false);
      onDone({ ok: false, message: describeError(error, `This ${kind} could not be reported. Try again.`) });
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${author}'s ${kind}`}
      description="Staff read every report. Tell them what is wrong."
      confirmLabel="Report"
      busyLabel="Reporting…"
      busy={report.isPending}
      onConfirm={() => void submit()}
    >
      <SelectField label="Reason" {...register('reason')} error={formState.errors.reason?.message}>
        <option value="">Choose a reason</option>
        {REPORT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {REPORT_REASON_NAMES[reason]}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Note for staff (optional)" rows={3} maxLength={500} {...register('note')} error={formState.errors.note?.message} />
    </ConfirmDialog>
  );
}
