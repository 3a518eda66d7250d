import type { FastifyInstance } from 'fastify';
import { riskEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getRuleCompliance } from './compliance.ts';
import { getAccountLock, listRiskLocks, listRiskReview } from './locks.ts';
import { applyPreset, createPreset, deletePreset, getRiskOverview, listRuleChanges, removeAccountRules, saveAccountRules } from './service.ts';

/** The Risk Manager: rules per linked account, presets, the log of their changes, locks and compliance per day. */
export async function riskRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(riskEndpoints.getRiskOverview, { access: 'member' }, (request) => getRiskOverview(ctx, authOf(request).userId));

  route(riskEndpoints.saveAccountRules, { access: 'member' }, (request) =>
    saveAccountRules(ctx, authOf(request).userId, request.params.accountId, request.body),
  );

  route(riskEndpoints.removeAccountRules, { access: 'member' }, (request) =>
    removeAccountRules(ctx, authOf(request).userId, request.params.accountId),
  );

  route(riskEndpoints.createPreset, { access: 'member' }, async (request, reply) =>
    reply.status(201).send(await createPreset(ctx, authOf(request).userId, request.body)),
  );

  route(riskEndpoints.deletePreset, { access: 'member' }, (request) => deletePreset(ctx, authOf(request).userId, request.params.presetId));

  route(riskEndpoints.applyPreset, { access: 'member' }, (request) =>
    applyPreset(ctx, authOf(request).userId, request.params.presetId, request.body.account_ids),
  );

  route(riskEndpoints.listRiskLocks, { access: 'member' }, (request) => listRiskLocks(ctx, authOf(request).userId));

  route(riskEndpoints.getAccountLock, { access: 'member' }, (request) =>
    getAccountLock(ctx, authOf(request).userId, request.params.accountId),
  );

  route(riskEndpoints.listRiskReview, { access: 'member' }, (request) => listRiskReview(ctx, authOf(request).userId));

  route(riskEndpoints.getRuleCompliance, { access: 'member' }, (request) => getRuleCompliance(ctx, authOf(request).userId, request.query));

  route(riskEndpoints.listRuleChanges, { access: 'member' }, (request) => listRuleChanges(ctx, authOf(request).userId));
}
