import { useState } from 'react';
import type { CommunityRestriction } from '@th/contracts/community';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Loading } from '@/components/loading';
import { TableWrap } from '@/components/table-wrap';
import { describeError } from '@/lib/api-client';
import { useRestrictions } from '../api/get-restrictions';
import { useLiftRestriction } from '../api/lift-restriction';

const LIFT = { muted: 'Lift mute', suspended: 'Lift suspension' } as const;

/** Members muted or suspended in the community now, each with the button that lifts it. */
export function RestrictedMembers({ zone }: { zone: string }) {
  const restrictions = useRestrictions();
  const lift = useLiftRestriction();
  const [lifting, setLifting] = useState<CommunityRestriction | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  if (restrictions.isPending) return <Loading label="Loading restricted members…" />;
  if (restrictions.isError) return <Alert tone="error">{describeError(restrictions.error, (status) => `Failed to load restricted members (${status ?? 'no answer'}).`)}</Alert>;
  const rows = restrictions.data.data;
  return (
    <>
      {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
      {rows.length === 0 ? (
        <p className="muted">No member is muted or suspended.</p>
      ) : (
        <TableWrap label="Restricted members">
          <table>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Restriction</th>
                <th scope="col">Until</th>
                <th scope="col">Reason</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.member.id}-${row.kind}`}>
                  <td>
                    {row.member.name}
                    <br />
                    <span className="muted">{row.member.email}</span>
                  </td>
                  <td>{row.kind === 'muted' ? 'Muted' : 'Suspended'}</td>
                  <td>{row.until ? momentLabel(row.until, { zone }) : 'Until lifted'}</td>
                  <td>{row.reason || '—'}</td>
                  <td>
                    <Button variant="secondary" aria-label={`${LIFT[row.kind]}: ${row.member.name}`} onClick={() => setLifting(row)}>
                      {LIFT[row.kind]}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <ConfirmDialog
        open={lifting !== null}
        onOpenChange={(open) => !open && setLifting(null)}
        title={lifting ? `${LIFT[lifting.kind]} for ${lifting.member.name}` : ''}
        description={lifting?.kind === 'muted' ? 'They can post again at once. Recorded in the staff audit log.' : 'They can read and post in the community again at once. Recorded in the staff audit log.'}
        confirmLabel={lifting ? LIFT[lifting.kind] : ''}
        busyLabel="Lifting…"
        tone="primary"
        busy={lift.isPending}
        onConfirm={() =>
          lifting &&
          lift.mutate(
            { userId: lifting.member.id, kind: lifting.kind },
            {
              onSuccess: (answer) => {
                setLifting(null);
                setOutcome({ ok: true, message: answer.message });
              },
              onError: (error) => {
                setLifting(null);
                setOutcome({ ok: false, message: describeError(error, 'The restriction could not be lifted.') });
              },
            },
          )
        }
      />
    </>
  );
}
