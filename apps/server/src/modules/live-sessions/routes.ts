import type { FastifyInstance } from 'fastify';
import { liveSessionEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { calendarFeed, rotateCalendarLink } from './calendar.ts';
import { listLiveSessions } from './service.ts';
import { sessionSignature } from './signature.ts';
import { handleZoomWebhook } from './zoom-webhook.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Live sessions for active members, the Zoom join signature, the private schedule feed and Zoom's events. */
export async function liveSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(liveSessionEndpoints.getLiveSessions, { access: 'member' }, (request) => listLiveSessions(ctx, authOf(request)));

  route(liveSessionEndpoints.getSessionSignature, { access: 'member' }, (request) =>
    sessionSignature(ctx, authOf(request).userId, request.params.id),
  );

  route(liveSessionEndpoints.createCalendarLink, { access: 'member' }, async (request) => ({
    data: await rotateCalendarLink(ctx, authOf(request).userId),
  }));

  // Calendar apps fetch this without our session: the secret address is the credential.
  route(
    liveSessionEndpoints.getCalendarFeed,
    { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    async (request, reply) => {
      const body = await calendarFeed(ctx, request.params.file.replace(/\.ics$/, ''));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="live-sessions.ics"')
        .header('cache-control', 'private, max-age=900')
        .send(body);
    },
  );

  // Its own scope: the raw-body parser the signature check needs applies to this route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    routesOf(scope)(liveSessionEndpoints.zoomWebhook, { access: 'public', xsrf: false }, (request) =>
      handleZoomWebhook(ctx, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), {
        signature: header(request.headers['x-zm-signature']),
        timestamp: header(request.headers['x-zm-request-timestamp']),
      }),
    );
  });
}
