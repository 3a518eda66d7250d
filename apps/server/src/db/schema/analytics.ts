import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault } from './columns.ts';
import { users } from './members.ts';

/** First-party page-view log: the embedded default of the analytics integration. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    path: text().notNull(),
    referrer: text(),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.createdAt)],
);
