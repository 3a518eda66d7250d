import type { FastifyInstance } from 'fastify';
import { staffEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { listAudit } from './audit.ts';
import * as members from './members-admin.ts';

const manage = { access: 'member' as const, permission: StaffPermissions.members };

/** The staff console's API: every route needs an active staff member with the permission. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(staffEndpoints.listMembers, manage, (request) => members.listMembers(ctx, request.query));
  route(staffEndpoints.createMember, manage, (request) =>
    members.createMember(ctx, authOf(request), request.body),
  );
  route(staffEndpoints.getMember, manage, async (request) => ({
    data: await members.getMember(ctx, request.params.id),
  }));
  route(staffEndpoints.updateMember, manage, (request) =>
    members.updateMember(ctx, authOf(request), request.params.id, request.body),
  );
  route(
    staffEndpoints.setRoles,
    { access: 'member', permission: StaffPermissions.roles },
    (request) => members.setRoles(ctx, authOf(request), request.params.id, request.body.roles),
  );
  route(staffEndpoints.setSubscription, manage, (request) =>
    members.setSubscription(ctx, authOf(request), request.params.id, request.body),
  );
  route(staffEndpoints.sendAccessEmail, manage, (request) =>
    members.sendAccessEmail(ctx, authOf(request), request.params.id),
  );
  route(
    staffEndpoints.listAudit,
    { access: 'member', permission: StaffPermissions.audit },
    (request) => listAudit(ctx, request.query),
  );
}
