import { sql } from 'drizzle-orm';
import { bigserial, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { memberId } from './members.ts';

/** A rule of a playbook's checklist; the id stays when the text is edited, so ticks survive. */
export type PlaybookRuleJson = { id: string; text: string };

/** A member's setup: its name, what it is, and the rules a trade of it should follow, in order. */
export const playbooks = pgTable(
  'playbooks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: memberId(),
    name: text().notNull(),
    description: text(),
    rules: jsonb().$type<PlaybookRuleJson[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  // Names are unique per member in any case, as the member reads them.
  (t) => [uniqueIndex('playbooks_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);
