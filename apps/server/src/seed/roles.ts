import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { StaffPermissions as StaffPermission } from '@th/contracts';
import { roles } from '../db/schema/index.ts';

// Staff permissions come from the contracts; members' feature permissions (alphaorb.manage)
// are granted per member.

const ROLES = [
  {
    name: 'admin',
    label: 'Administrator',
    permissions: [...Object.values(StaffPermission), 'alphaorb.manage'],
  },
  {
    name: 'mentor',
    label: 'Mentor',
    permissions: [StaffPermission.access, StaffPermission.content, StaffPermission.sessions, StaffPermission.community],
  },
];

/** The built-in roles exist in every database; their permission lists follow the code. */
export async function ensureRoles(ctx: AppContext) {
  await ctx.db
    .insert(roles)
    .values(ROLES)
    .onConflictDoUpdate({
      target: roles.name,
      set: { label: sql`excluded.label`, permissions: sql`excluded.permissions` },
    });
}
