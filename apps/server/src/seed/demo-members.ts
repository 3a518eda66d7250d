import { eq } from 'drizzle-orm';
import { TRADE_TIME_ZONE } from '@th/domain';
import type { AppContext } from '../context.ts';
import { subscriptions, userRoles, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/secrets.ts';

type DemoMember = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'suspended';
  permissions: string[];
  roles: string[];
  plan: { key: string; name: string; status: string; amount: number } | null;
};

/** The demo logins the README lists. */
export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: 'member@example.com',
    password: 'Member123!',
    firstName: 'Maya',
    lastName: 'Chen',
    status: 'active',
    permissions: ['alphaorb.manage'],
    roles: [],
    plan: { key: 'automation', name: 'Trader + Automation', status: 'active', amount: 114000 },
  },
  {
    email: 'basic@example.com',
    password: 'Member123!',
    firstName: 'Ben',
    lastName: 'Okafor',
    status: 'active',
    permissions: [],
    roles: [],
    plan: { key: 'trader', name: 'Trader', status: 'active', amount: 60000 },
  },
  {
    email: 'suspended@example.com',
    password: 'Member123!',
    firstName: 'Sam',
    lastName: 'Rivera',
    status: 'suspended',
    permissions: [],
    roles: [],
    plan: { key: 'trader', name: 'Trader', status: 'canceled', amount: 60000 },
  },
  {
    email: 'admin@example.com',
    password: 'Admin123!',
    firstName: 'Alex',
    lastName: 'Morgan',
    status: 'active',
    permissions: [],
    roles: ['admin'],
    plan: { key: 'staff', name: 'Staff', status: 'active', amount: 0 },
  },
];

/** Creates the demo members once; a member who already exists is left as they are. */
export async function seedDemoMembers(ctx: AppContext) {
  const year = 365 * 86_400_000;
  for (const member of DEMO_MEMBERS) {
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    if (existing) continue;
    const passwordHash = await hashPassword(member.password);
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: member.email,
          passwordHash,
          firstName: member.firstName,
          lastName: member.lastName,
          status: member.status,
          suspendedReason: member.status === 'suspended' ? 'Membership canceled' : null,
          permissions: member.permissions,
          timezone: TRADE_TIME_ZONE,
          createdAt: new Date(ctx.now().getTime() - 200 * 86_400_000),
        })
        .returning();
      for (const role of member.roles) await tx.insert(userRoles).values({ userId: user!.id, roleName: role });
      if (member.plan) {
        await tx.insert(subscriptions).values({
          userId: user!.id,
          vendor: 'internal',
          planKey: member.plan.key,
          planName: member.plan.name,
          status: member.plan.status,
          interval: 'year',
          unitAmount: member.plan.amount,
          currency: 'usd',
          currentPeriodEnd: new Date(ctx.now().getTime() + (member.status === 'active' ? year / 2 : -30 * 86_400_000)),
        });
      }
    });
  }
}
