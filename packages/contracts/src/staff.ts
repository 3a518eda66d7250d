import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { Email, MessageBody } from './common.ts';

export const StaffPermissions = {
  access: 'staff.access',
  members: 'members.manage',
  roles: 'roles.manage',
  content: 'content.manage',
  sessions: 'sessions.manage',
  events: 'events.manage',
  audit: 'audit.view',
  community: 'community.manage',
  /** Notification e-mails and pushes that failed or wait for a retry, and trying them again. */
  notifications: 'notifications.manage',
} as const;

/** Permissions staff may grant a member directly (beyond what roles give). */
export const GRANTABLE_PERMISSIONS = ['alphaorb.manage'] as const;
export const STAFF_ROLES = ['admin', 'mentor'] as const;
export const VENDORS = ['internal', 'skool', 'stripe'] as const;
export const PLAN_KEYS = ['founding', 'trader', 'automation', 'staff'] as const;

export const StaffMemberRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'suspended']),
  suspended_reason: z.string().nullable(),
  plan: z.string().nullable(),
  subscription_status: z.string().nullable(),
  vendor: z.string().nullable(),
  last_login: z.string().nullable(),
  linked_accounts: z.number().int(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  invite_pending: z.boolean(),
  created_at: z.string(),
});
export type StaffMemberRow = z.infer<typeof StaffMemberRow>;

export const StaffMemberListQuery = z.object({
  search: z.string().trim().max(191).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const StaffMemberList = z.object({
  data: z.array(StaffMemberRow),
  meta: z.object({
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    total_pages: z.number(),
  }),
});

export const StaffMemberDetail = StaffMemberRow.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  subscription: z
    .object({
      vendor: z.string(),
      plan_key: z.string(),
      plan_name: z.string(),
      status: z.string(),
      current_period_end: z.string().nullable(),
      stripe_subscription_id: z.string().nullable(),
    })
    .nullable(),
});
export type StaffMemberDetail = z.infer<typeof StaffMemberDetail>;

const Name = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(100, 'Names are limited to 100 characters.');

export const CreateMemberRequest = z.object({
  email: Email,
  first_name: Name,
  last_name: Name,
  vendor: z.enum(['internal', 'skool'], {
    error: 'Choose internal or skool for members billed outside Stripe.',
  }),
  plan_key: z.enum(PLAN_KEYS),
  send_invite: z.boolean().default(true),
});
export type CreateMemberRequest = z.input<typeof CreateMemberRequest>;

export const UpdateMemberRequest = z
  .object({
    status: z.enum(['active', 'suspended']).optional(),
    suspended_reason: z.string().trim().max(500).optional(),
    permissions: z.array(z.enum(GRANTABLE_PERMISSIONS)).max(10).optional(),
  })
  .refine((v) => v.status !== 'suspended' || !!v.suspended_reason, {
    message: 'Give a reason for suspending this member.',
    path: ['suspended_reason'],
  });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const UpdateRolesRequest = z.object({ roles: z.array(z.enum(STAFF_ROLES)).max(5) });

export const UpdateSubscriptionRequest = z.object({
  vendor: z.enum(['internal', 'skool'], { error: 'Stripe memberships are managed in Stripe.' }),
  plan_key: z.enum(PLAN_KEYS),
  status: z.enum(['active', 'trialing', 'past_due', 'canceled']),
  current_period_end: z.iso
    .datetime({ offset: true, error: 'Enter the renewal date and time.' })
    .nullable(),
});
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequest>;

export const AuditEntry = z.object({
  id: z.number(),
  actor_email: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  /** Who or what the entry is about, as staff know it: a member's name and e-mail. */
  subject_label: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  subject_type: z.string().max(64).optional(),
  subject_id: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const AuditList = z.object({
  data: z.array(AuditEntry),
  meta: z.object({ page: z.number(), total: z.number(), total_pages: z.number() }),
});

const Params = z.object({ id: z.string().max(64) });
const MemberAnswer = z.object({ message: z.string(), data: StaffMemberDetail });

/** The staff console's members and audit log. */
export const staffEndpoints = {
  listMembers: endpoint({
    method: 'GET',
    path: '/api/staff/members',
    tags: ['staff'],
    query: StaffMemberListQuery,
    response: { 200: StaffMemberList },
  }),
  createMember: endpoint({
    method: 'POST',
    path: '/api/staff/members',
    tags: ['staff'],
    body: CreateMemberRequest,
    response: { 200: MemberAnswer },
  }),
  getMember: endpoint({
    method: 'GET',
    path: '/api/staff/members/:id',
    tags: ['staff'],
    params: Params,
    response: { 200: z.object({ data: StaffMemberDetail }) },
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/api/staff/members/:id',
    tags: ['staff'],
    params: Params,
    body: UpdateMemberRequest,
    response: { 200: MemberAnswer },
  }),
  setRoles: endpoint({
    method: 'PUT',
    path: '/api/staff/members/:id/roles',
    tags: ['staff'],
    params: Params,
    body: UpdateRolesRequest,
    response: { 200: MemberAnswer },
  }),
  setSubscription: endpoint({
    method: 'PUT',
    path: '/api/staff/members/:id/subscription',
    tags: ['staff'],
    params: Params,
    body: UpdateSubscriptionRequest,
    response: { 200: MemberAnswer },
  }),
  sendAccessEmail: endpoint({
    method: 'POST',
    path: '/api/staff/members/:id/access-email',
    tags: ['staff'],
    params: Params,
    response: { 200: MessageBody },
  }),
  listAudit: endpoint({
    method: 'GET',
    path: '/api/staff/audit',
    tags: ['staff'],
    query: AuditQuery,
    response: { 200: AuditList },
  }),
};
