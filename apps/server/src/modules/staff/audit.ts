import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditInput = {
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
};

/** Records a staff change; call it inside the transaction that makes the change. */
export async function recordAudit(db: Executor, actor: AuthContext, entry: AuditInput) {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const PAGE_SIZE = 50;

export async function listAudit(
  ctx: AppContext,
  query: { subject_type?: string; subject_id?: string; page: number },
) {
  const where = and(
    query.subject_type ? eq(auditLog.subjectType, query.subject_type) : undefined,
    query.subject_id ? eq(auditLog.subjectId, query.subject_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ row: auditLog, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(auditLog)
      // Entries about members name them (audit rows keep ids so a renamed member stays traceable).
      .leftJoin(users, and(eq(auditLog.subjectType, 'member'), sql`${users.id}::text = ${auditLog.subjectId}`))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    data: rows.map(({ row, email, firstName, lastName }) => ({
      id: row.id,
      actor_email: row.actorEmail,
      action: row.action,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      subject_label: email ? `${[firstName, lastName].filter(Boolean).join(' ') || email} <${email}>` : null,
      before: row.before ?? null,
      after: row.after ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    meta: { page: query.page, total: total!.n, total_pages: Math.max(1, Math.ceil(total!.n / PAGE_SIZE)) },
  };
}
