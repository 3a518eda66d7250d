import type { FastifyInstance } from 'fastify';
import { notificationEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getPreferences, listNotifications, markAllRead, markRead, putPreferences, unreadCount } from './service.ts';

/**
 * The notification centre. Reading and marking are for members; preferences are in the account
 * area, so a suspended member may still turn e-mail off.
 */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(notificationEndpoints.getUnreadCount, { access: 'member' }, async (request) => ({
    unread: await unreadCount(ctx, authOf(request).userId),
  }));

  route(notificationEndpoints.listNotifications, { access: 'member' }, (request) =>
    listNotifications(ctx, authOf(request).userId, request.query),
  );

  route(notificationEndpoints.markAllRead, { access: 'member' }, (request) => markAllRead(ctx, authOf(request).userId));

  route(notificationEndpoints.markRead, { access: 'member' }, (request) =>
    markRead(ctx, authOf(request).userId, request.params.notificationId),
  );

  route(notificationEndpoints.getPreferences, { access: 'user' }, (request) => getPreferences(ctx, authOf(request).userId));

  route(notificationEndpoints.putPreferences, { access: 'user' }, (request) =>
    putPreferences(ctx, authOf(request).userId, request.body),
  );
}
