import { MUTE_HOURS, MUTE_HOURS_NAMES, RestrictMemberRequest, type RestrictionKind } from '@th/contracts/community';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SelectField, TextareaField } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useRestrictMember } from '../api/restrict-member';

type Props = {
  member: { id: string; name: string };
  kind: RestrictionKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (outcome: { ok: boolean; message: string }) => void;
};

// The select holds text: a mute's length is sent as a number of hours; a suspension sends none.
const Schema = readingFields(RestrictMemberRequest, { hours: (value) => (value === '' || value === null ? null : Number(value)) });

/** Muting a member from posting for a chosen time, or suspending them from the community until lifted. */
export function RestrictDialog({ member, kind, open, onOpenChange, onDone }: Props) {
  const restrict = useRestrictMember();
  const form = useContractForm(Schema, { kind, hours: (kind === 'muted' ? '24' : null) as unknown as RestrictMemberRequest['hours'], reason: '' });
  const { register, handleSubmit, reset, formState } = form;
  const muting = kind === 'muted';

  const submit = handleSubmit(async (body) => {
    try {
      await restrict.mutateAsync({ userId: member.id, body });
      reset();
      onOpenChange(false);
      onDone({ ok: true, message: muting ? `${member.name} is muted.` : `${member.name} is suspended from the community.` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        showServerErrors(form, error);
        return;
      }
      onOpenChange(false);
      onDone({ ok: false, message: describeError(error, muting ? 'The member could not be muted.' : 'The member could not be suspended.') });
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={muting ? `Mute ${member.name}` : `Suspend ${member.name}`}
      description={
        muting
          ? 'They can still read the community but cannot post, reply or share trades until the mute ends. Recorded in the staff audit log.'
          : 'They can no longer read or post in the community until you lift the suspension. Recorded in the staff audit log.'
      }
      confirmLabel={muting ? 'Mute' : 'Suspend'}
      busyLabel={muting ? 'Muting…' : 'Suspending…'}
      busy={restrict.isPending}
      onConfirm={() => void submit()}
    >
      {muting && (
        <SelectField label="Mute for" {...register('hours')} error={formState.errors.hours?.message}>
          {MUTE_HOURS.map((hours) => (
            <option key={hours} value={String(hours)}>
              {MUTE_HOURS_NAMES[hours]}
            </option>
          ))}
        </SelectField>
      )}
      <TextareaField label="Reason (optional, kept in the audit log)" rows={2} maxLength={300} {...register('reason')} error={formState.errors.reason?.message} />
    </ConfirmDialog>
  );
}
