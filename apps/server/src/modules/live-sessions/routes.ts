import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarFeedParams,
  CalendarLinkResponse,
  LiveSessionParams,
  LiveSessionsResponse,
  SessionSignature,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { calendarFeed, rotateCalendarLink } from './calendar.ts';
import { listLiveSessions } from './service.ts';
import { sessionSignature } from './signature.ts';

/** Live sessions for active members, the Zoom join signature and the private schedule feed. */
export async function liveSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/live-sessions',
    {
      schema: { tags: ['live-sessions'], response: { 200: LiveSessionsResponse } },
      config: { access: 'member' },
    },
    async () => ({ data: await listLiveSessions(ctx) }),
  );

  r.post(
    '/live-sessions/:id/signature',
    {
      schema: {
        tags: ['live-sessions'],
        params: LiveSessionParams,
        response: { 200: SessionSignature },
      },
      config: { access: 'member' },
    },
    (request) => sessionSignature(ctx, authOf(request).userId, request.params.id),
  );

  r.post(
    '/live-sessions/calendar-link',
    {
      schema: { tags: ['live-sessions'], response: { 200: CalendarLinkResponse } },
      config: { access: 'member' },
    },
    async (request) => ({ data: await rotateCalendarLink(ctx, authOf(request).userId) }),
  );

  // Calendar apps fetch this without our session: the secret address is the credential.
  r.get(
    '/live-sessions/calendar/:file',
    {
      schema: {
        tags: ['live-sessions'],
        params: CalendarFeedParams,
        response: { 200: z.string().describe('text/calendar') },
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const body = await calendarFeed(ctx, request.params.file.replace(/\.ics$/, ''));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="live-sessions.ics"')
        .header('cache-control', 'private, max-age=900')
        .send(body);
    },
  );
}
