import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.ts';
import { safeEqual } from '../lib/secrets.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Counts every answer by route pattern (not raw URL, so ids do not explode the series) and
 * serves /metrics to anyone presenting METRICS_TOKEN, or without one to loopback scrapers —
 * unless a proxy is trusted: a proxy on the same host makes every visitor loopback.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined, behindProxy: boolean) {
  // Every answer runs this: a callback hook, so no promise per answer.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: reply.statusCode });
    metrics.httpDuration.observe({ route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const presented = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const allowed = token
      ? safeEqual(presented, token)
      : !behindProxy && LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!allowed) return reply.status(403).send({ message: 'Metrics are only served to the monitoring system.' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
