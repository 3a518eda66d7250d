import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { listAudit } from './audit.ts';
import * as members from './members-admin.ts';

const manage = { access: 'member' as const, permission: StaffPermissions.members };

/** The staff console's API: every route needs an active staff member with the permission. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(staffEndpoints.listMembers),
    config: manage,
    handler: (request) => members.listMembers(ctx, request.query),
  });
  r.route({
    ...serverRoute(staffEndpoints.createMember),
    config: manage,
    handler: (request) => members.createMember(ctx, authOf(request), request.body),
  });
  r.route({
    ...serverRoute(staffEndpoints.getMember),
    config: manage,
    handler: async (request) => ({ data: await members.getMember(ctx, request.params.id) }),
  });
  r.route({
    ...serverRoute(staffEndpoints.updateMember),
    config: manage,
    handler: (request) =>
      members.updateMember(ctx, authOf(request), request.params.id, request.body),
  });
  r.route({
    ...serverRoute(staffEndpoints.setRoles),
    config: { access: 'member', permission: StaffPermissions.roles },
    handler: (request) =>
      members.setRoles(ctx, authOf(request), request.params.id, request.body.roles),
  });
  r.route({
    ...serverRoute(staffEndpoints.setSubscription),
    config: manage,
    handler: (request) =>
      members.setSubscription(ctx, authOf(request), request.params.id, request.body),
  });
  r.route({
    ...serverRoute(staffEndpoints.sendAccessEmail),
    config: manage,
    handler: (request) => members.sendAccessEmail(ctx, authOf(request), request.params.id),
  });
  r.route({
    ...serverRoute(staffEndpoints.listAudit),
    config: { access: 'member', permission: StaffPermissions.audit },
    handler: (request) => listAudit(ctx, request.query),
  });
}
