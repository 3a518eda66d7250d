import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { roles } from '../db/schema/index.ts';

/** Staff permissions; members' feature permissions (alphaorb.manage) are granted per member. */
export const StaffPermission = {
  access: 'staff.access',
  members: 'members.manage',
  roles: 'roles.manage',
  content: 'content.manage',
  sessions: 'sessions.manage',
  events: 'events.manage',
  audit: 'audit.view',
} as const;

const ROLES = [
  {
    name: 'admin',
    label: 'Administrator',
    permissions: [...Object.values(StaffPermission), 'alphaorb.manage'],
  },
  {
    name: 'mentor',
    label: 'Mentor',
    permissions: [StaffPermission.access, StaffPermission.content, StaffPermission.sessions],
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
