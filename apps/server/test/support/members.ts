import { subscriptions, userRoles, users } from '../../src/db/schema/index.ts';
import type { AppContext } from '../../src/context.ts';
import { hashPassword } from '../../src/lib/secrets.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;
// Hashing is deliberately slow; tests share one hash for the common password.
const sharedHash = hashPassword('Password123!');

export type MemberOptions = {
  email?: string;
  password?: string | null;
  status?: 'active' | 'suspended';
  permissions?: string[];
  roles?: string[];
  subscription?: Partial<typeof subscriptions.$inferInsert> | null;
};

/** Inserts a member straight into the database; returns its id, e-mail and password. */
export async function createMember(ctx: AppContext, options: MemberOptions = {}) {
  counter += 1;
  const email = options.email ?? `member${counter}-${Math.random().toString(36).slice(2, 7)}@test.local`;
  const password = options.password === undefined ? 'Password123!' : options.password;
  const passwordHash =
    password === null ? null : password === 'Password123!' ? await sharedHash : await hashPassword(password);
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      passwordHash,
      firstName: 'Test',
      lastName: `Member${counter}`,
      status: options.status ?? 'active',
      permissions: options.permissions ?? [],
    })
    .returning();
  for (const role of options.roles ?? []) await ctx.db.insert(userRoles).values({ userId: user!.id, roleName: role });
  if (options.subscription !== null) {
    await ctx.db.insert(subscriptions).values({
      userId: user!.id,
      vendor: 'internal',
      planKey: 'trader',
      planName: 'Trader',
      status: 'active',
      ...options.subscription,
    });
  }
  return { id: user!.id, email, password: password ?? '' };
}

/** A new member (see createMember) signed in through the login endpoint: its token alongside. */
export async function signedInMember(t: TestApp, options: MemberOptions = {}) {
  const member = await createMember(t.ctx, options);
  return { ...member, token: await t.login(member.email, member.password!) };
}
