import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditList,
  AuditQuery,
  CreateMemberRequest,
  MessageBody,
  StaffMemberDetail,
  StaffMemberList,
  StaffMemberListQuery,
  StaffPermissions,
  UpdateMemberRequest,
  UpdateRolesRequest,
  UpdateSubscriptionRequest,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { listAudit } from './audit.ts';
import * as members from './members-admin.ts';

const Params = z.object({ id: z.string().max(64) });
const MemberAnswer = z.object({ message: z.string(), data: StaffMemberDetail });
const manage = { access: 'member' as const, permission: StaffPermissions.members };

/** The staff console's API: every route needs an active staff member with the permission. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/staff/members',
    { schema: { tags: ['staff'], querystring: StaffMemberListQuery, response: { 200: StaffMemberList } }, config: manage },
    (request) => members.listMembers(ctx, request.query),
  );
  r.post(
    '/staff/members',
    { schema: { tags: ['staff'], body: CreateMemberRequest, response: { 200: MemberAnswer } }, config: manage },
    (request) => members.createMember(ctx, authOf(request), request.body),
  );
  r.get(
    '/staff/members/:id',
    { schema: { tags: ['staff'], params: Params, response: { 200: z.object({ data: StaffMemberDetail }) } }, config: manage },
    async (request) => ({ data: await members.getMember(ctx, request.params.id) }),
  );
  r.patch(
    '/staff/members/:id',
    { schema: { tags: ['staff'], params: Params, body: UpdateMemberRequest, response: { 200: MemberAnswer } }, config: manage },
    (request) => members.updateMember(ctx, authOf(request), request.params.id, request.body),
  );
  r.put(
    '/staff/members/:id/roles',
    {
      schema: { tags: ['staff'], params: Params, body: UpdateRolesRequest, response: { 200: MemberAnswer } },
      config: { access: 'member', permission: StaffPermissions.roles },
    },
    (request) => members.setRoles(ctx, authOf(request), request.params.id, request.body.roles),
  );
  r.put(
    '/staff/members/:id/subscription',
    { schema: { tags: ['staff'], params: Params, body: UpdateSubscriptionRequest, response: { 200: MemberAnswer } }, config: manage },
    (request) => members.setSubscription(ctx, authOf(request), request.params.id, request.body),
  );
  r.post(
    '/staff/members/:id/access-email',
    { schema: { tags: ['staff'], params: Params, response: { 200: MessageBody } }, config: manage },
    (request) => members.sendAccessEmail(ctx, authOf(request), request.params.id),
  );
  r.get(
    '/staff/audit',
    {
      schema: { tags: ['staff'], querystring: AuditQuery, response: { 200: AuditList } },
      config: { access: 'member', permission: StaffPermissions.audit },
    },
    (request) => listAudit(ctx, request.query),
  );
}
