import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';

/** The member a row belongs to; the row goes when the member record does. */
export const memberId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A person with a login. A null password hash means an invite has not been accepted yet. */
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lowercased: the sign-in name and the unique key. */
  email: text().notNull().unique(),
  passwordHash: text(),
  firstName: text(),
  lastName: text(),
  phone: text(),
  birthday: date({ mode: 'string' }),
  avatar: text(),
  timezone: text(),
  status: text({ enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  suspendedReason: text(),
  /** Permissions granted directly, on top of those of the member's roles. */
  permissions: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lastLoginAt: timestamp({ withTimezone: true }),
  /** Set once the member has a Stripe customer (join with Stripe, or billing). */
  stripeCustomerId: text().unique(),
  ...timestamps(),
});

export const roles = pgTable('roles', {
  name: text().primaryKey(),
  label: text().notNull(),
  permissions: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: memberId(),
    roleName: text()
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleName] })],
);

/** Bearer tokens issued at sign-in; only the SHA-256 of the secret part is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    tokenHash: text().notNull().unique(),
    name: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.userId)],
);

/** Single-use links for password resets and invites, stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    kind: text({ enum: ['reset', 'invite'] }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.userId)],
);
