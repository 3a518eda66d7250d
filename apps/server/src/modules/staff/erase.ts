/**
 * Erasing a closed account (modules/data-rights): the audit log is kept (the business must
 * keep it), with the member's name, e-mail and phone replaced wherever an entry holds them,
 * as actor or in what was changed. Ids stay, so the history still adds up. Idempotent.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog } from '../../db/schema/index.ts';

export type ErasedIdentity = { email: string; firstName: string | null; lastName: string | null; phone: string | null };

function scrub(value: unknown, identity: ErasedIdentity, replacement: string): unknown {
  if (typeof value === 'string') {
    const fullName = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
    const exact = [identity.firstName, identity.lastName, fullName, identity.phone].filter((v): v is string => !!v);
    if (exact.includes(value)) return replacement;
    return value.split(identity.email).join(replacement);
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, identity, replacement));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, identity, replacement)]));
  }
  return value;
}

/** Replaces the member's identity in every audit entry that names them; answers how many. */
export async function anonymizeAuditFor(ctx: AppContext, userId: string, identity: ErasedIdentity, replacement: string) {
  const pattern = `%${identity.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorId, userId),
        eq(auditLog.actorEmail, identity.email),
        sql`(${auditLog.subjectType} = 'member' and ${auditLog.subjectId} = ${userId})`,
        sql`${auditLog.before}::text ilike ${pattern}`,
        sql`${auditLog.after}::text ilike ${pattern}`,
      ),
    );
  for (const row of rows) {
    await ctx.db
      .update(auditLog)
      .set({
        actorEmail: row.actorEmail === identity.email ? replacement : row.actorEmail,
        before: scrub(row.before, identity, replacement),
        after: scrub(row.after, identity, replacement),
      })
      .where(eq(auditLog.id, row.id));
  }
  return rows.length;
}
