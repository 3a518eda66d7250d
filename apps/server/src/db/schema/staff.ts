import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault } from './columns.ts';
import { users } from './members.ts';

/** Every change staff make, with what it was before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.createdAt), index().on(t.subjectType, t.subjectId)],
);
