/** Staff acting for a member: the same export and closure, audited, and the closure's progress. */
import type { AppContext, AuthContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { memberIdentity } from '../members/index.ts';
import { recordAudit } from '../staff/index.ts';
import { latestClosure, toClosure } from './closure.ts';
import { archiveOf, listExports, requestExport } from './exports.ts';

/** 404 unless the member exists; `erased` also accepts an erased member's closure record. */
async function assertMember(ctx: AppContext, userId: string, erased = false) {
  const uuid = /^[0-9a-f-]{36}$/i.test(userId);
  if (uuid && (await memberIdentity(ctx, userId))) return;
  // An erased member keeps their closure record: staff still read how it ended.
  if (erased && uuid && (await latestClosure(ctx, userId))) return;
  throw new AppError('not_found', 'Member not found.');
}

export async function memberDataRights(ctx: AppContext, userId: string) {
  await assertMember(ctx, userId, true);
  const closure = await latestClosure(ctx, userId);
  return { data: { exports: await listExports(ctx, userId), closure: closure ? toClosure(closure) : null } };
}

export async function staffRequestExport(ctx: AppContext, actor: AuthContext, userId: string, input: { reason: string }) {
  await assertMember(ctx, userId);
  const answer = await requestExport(ctx, userId, 'staff');
  await recordAudit(ctx.db, actor, {
    action: 'member.data_export_requested',
    subjectType: 'member',
    subjectId: userId,
    after: { export_id: answer.data.id, reason: input.reason },
  });
  return { message: "The member's data is being prepared. Download it here when it is ready.", data: answer.data };
}

export async function staffArchive(ctx: AppContext, actor: AuthContext, userId: string, exportId: string) {
  await assertMember(ctx, userId);
  const archive = await archiveOf(ctx, userId, exportId);
  await recordAudit(ctx.db, actor, {
    action: 'member.data_export_downloaded',
    subjectType: 'member',
    subjectId: userId,
    after: { export_id: exportId },
  });
  return archive;
}
