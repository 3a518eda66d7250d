import type { FastifyInstance } from 'fastify';
import { notificationEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { subscribePush, unsubscribePush } from './push.ts';
import { getPreferences, listNotifications, markAllRead, markRead, putPreferences, unreadAnswer } from './service.ts';
import { listUndelivered, retryDelivery } from './undelivered.ts';
import { vapidDetails } from './vapid.ts';

/**
 * The notification centre. Reading and marking are for members; preferences are in the account
 * area, so a suspended member may still turn e-mail and push off.
 */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(notificationEndpoints.getUnreadCount, { access: 'member' }, (request) => unreadAnswer(ctx, authOf(request)));

  route(notificationEndpoints.listNotifications, { access: 'member' }, (request) =>
    listNotifications(ctx, authOf(request), request.query),
  );

  route(notificationEndpoints.markAllRead, { access: 'member' }, (request) => markAllRead(ctx, authOf(request).userId));

  route(notificationEndpoints.markRead, { access: 'member' }, (request) =>
    markRead(ctx, authOf(request).userId, request.params.notificationId),
  );

  route(notificationEndpoints.getPreferences, { access: 'user' }, (request) => getPreferences(ctx, authOf(request).userId));

  route(notificationEndpoints.putPreferences, { access: 'user' }, (request) =>
    putPreferences(ctx, authOf(request).userId, request.body),
  );

  route(notificationEndpoints.getPushPublicKey, { access: 'user' }, async () => ({
    public_key: (await vapidDetails(ctx)).publicKey,
  }));

  // A subscription is an endpoint address and two short keys: nothing near a kilobyte more.
  const smallBody = { bodyLimit: 4 * 1024 };

  route(
    notificationEndpoints.subscribePush,
    { access: 'user' },
    async (request, reply) => reply.status(201).send(await subscribePush(ctx, authOf(request).userId, request.body)),
    smallBody,
  );

  route(
    notificationEndpoints.unsubscribePush,
    { access: 'user' },
    (request) => unsubscribePush(ctx, authOf(request).userId, request.body),
    smallBody,
  );

  // Staff: what did not reach members, and trying it again.
  const staff = { access: 'member' as const, permission: StaffPermissions.notifications };
  route(notificationEndpoints.listUndelivered, staff, () => listUndelivered(ctx));
  route(notificationEndpoints.retryDelivery, staff, (request) => retryDelivery(ctx, authOf(request), request.params.deliveryId));
}
