import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataRightsEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { tooManyAttemptsResponse, perMemberLimit } from '../../lib/rate-limits.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  closeOwnAccount,
  latestClosure,
  retryClosure,
  staffCloseAccount,
  toClosure,
} from './closure.ts';
import { archiveOf, listExports, requestExport } from './exports.ts';
import { memberDataRights, staffArchive, staffRequestExport } from './staff.ts';

// The account area: open to suspended members too (their data is theirs whatever their plan).
const user = { access: 'user' as const };
const manage = { access: 'member' as const, permission: StaffPermissions.members };

const sendZip = (reply: FastifyReply, archive: { bytes: Buffer; filename: string }) =>
  reply
    .headers({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${archive.filename}"`,
      'content-length': String(archive.bytes.length),
      'cache-control': 'no-store',
    })
    .send(archive.bytes);

/** A member's copy of their data and the closing of their account; staff's same actions. */
export async function dataRightsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(dataRightsEndpoints.listDataExports, user, async (request) => ({
    data: await listExports(ctx, authOf(request).userId),
  }));
  route(
    dataRightsEndpoints.requestDataExport,
    { ...user, rateLimit: perMemberLimit('data-export', 5, 60 * 60_000) },
    async (request, reply) =>
      reply.status(202).send(await requestExport(ctx, authOf(request).userId, 'member')),
  );
  route(dataRightsEndpoints.downloadDataExport, user, async (request, reply) =>
    sendZip(reply, await archiveOf(ctx, authOf(request).userId, request.params.exportId)),
  );
  route(dataRightsEndpoints.getClosure, user, async (request) => {
    const row = await latestClosure(ctx, authOf(request).userId);
    return { data: row ? toClosure(row) : null };
  });
  route(
    dataRightsEndpoints.closeAccount,
    {
      ...user,
      // Guesses at the password with a taken token: a handful per quarter hour.
      rateLimit: {
        max: 10,
        timeWindow: 15 * 60_000,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `closure|${request.auth?.userId ?? request.ip}`,
        errorResponseBuilder: tooManyAttemptsResponse,
      },
    },
    async (request, reply) =>
      reply.status(202).send(await closeOwnAccount(ctx, authOf(request), request.body)),
  );

  route(dataRightsEndpoints.getMemberDataRights, manage, (request) =>
    memberDataRights(ctx, request.params.id),
  );
  route(dataRightsEndpoints.staffRequestDataExport, manage, async (request, reply) =>
    reply
      .status(202)
      .send(await staffRequestExport(ctx, authOf(request), request.params.id, request.body)),
  );
  route(dataRightsEndpoints.staffDownloadDataExport, manage, async (request, reply) =>
    sendZip(
      reply,
      await staffArchive(ctx, authOf(request), request.params.id, request.params.exportId),
    ),
  );
  route(dataRightsEndpoints.staffCloseAccount, manage, async (request, reply) =>
    reply
      .status(202)
      .send(await staffCloseAccount(ctx, authOf(request), request.params.id, request.body)),
  );
  route(dataRightsEndpoints.staffRetryClosure, manage, async (request, reply) =>
    reply.status(202).send(await retryClosure(ctx, authOf(request), request.params.id)),
  );
}
