import type { AppContext } from '../context.ts';
import { seedAlphaorb } from './alphaorb.ts';
import { seedCommunity } from './community.ts';
import { seedCourses } from './courses.ts';
import { seedDemoMembers } from './demo-members.ts';
import { seedLiveSessions } from './live-sessions.ts';
import { seedLevels } from './levels.ts';
import { seedLinkedAccounts } from './linked-accounts.ts';
import { seedMarketEvents } from './market-events.ts';
import { ensureRoles } from './roles.ts';
import { seedTrades } from './trades.ts';

export type Seeder = (ctx: AppContext) => Promise<void>;

/**
 * Demo data for the embedded default, in order; each seeder is idempotent so a restart or a
 * second `npm start` adds nothing twice. Feature modules append their own.
 */
export const demoSeeders: Seeder[] = [seedDemoMembers, seedLiveSessions, seedLevels, seedMarketEvents, seedCourses, seedTrades, seedLinkedAccounts, seedAlphaorb, seedCommunity];

/** Reference data every database needs, demo or not. */
export async function seedReferenceData(ctx: AppContext) {
  await ensureRoles(ctx);
}

export async function seedDemo(ctx: AppContext) {
  for (const seeder of demoSeeders) await seeder(ctx);
}
