import type { FastifyInstance } from 'fastify';
import { playbookEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createPlaybook, deletePlaybook, getPlaybook, listPlaybooks, updatePlaybook } from './service.ts';

/** A member's playbooks (setups with their rules), assigned to trades in the journal. */
export async function playbookRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(playbookEndpoints.listPlaybooks, { access: 'member' }, (request) => listPlaybooks(ctx, authOf(request).userId));

  route(playbookEndpoints.createPlaybook, { access: 'member' }, async (request, reply) =>
    reply.status(201).send(await createPlaybook(ctx, authOf(request).userId, request.body)),
  );

  route(playbookEndpoints.getPlaybook, { access: 'member' }, (request) =>
    getPlaybook(ctx, authOf(request).userId, request.params.playbookId),
  );

  route(playbookEndpoints.updatePlaybook, { access: 'member' }, (request) =>
    updatePlaybook(ctx, authOf(request).userId, request.params.playbookId, request.body),
  );

  route(playbookEndpoints.deletePlaybook, { access: 'member' }, (request) =>
    deletePlaybook(ctx, authOf(request).userId, request.params.playbookId),
  );
}
