import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { hmac, randomToken, safeEqual } from '../lib/secrets.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on routes that are called by machines (webhooks, beacons). */
    xsrf?: boolean;
  }
}

/**
 * Sanctum-style double-submit: the cookie holds `nonce.signature`, readable by the SPA, and
 * every state-changing call must echo it in X-XSRF-TOKEN. The signature stops a value planted
 * by a sibling subdomain from being accepted.
 */
/** The SPA echoes the cookie URI-encoded; a header that is not valid encoding matches nothing. */
function decoded(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return undefined;
  }
}

export function registerXsrf(app: FastifyInstance, key: Buffer, secureCookies: boolean) {
  const issue = () => {
    const nonce = randomToken(18);
    return `${nonce}.${hmac(key, nonce)}`;
  };
  const valid = (value: string) => {
    const [nonce, signature] = value.split('.');
    return !!nonce && !!signature && safeEqual(signature, hmac(key, nonce));
  };

  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (_request, reply: FastifyReply) => {
    reply.setCookie(XSRF_COOKIE, issue(), {
      path: '/',
      sameSite: 'lax',
      secure: secureCookies,
      httpOnly: false,
      maxAge: 60 * 60 * 2,
    });
    return reply.status(204).send();
  });

  const required = (request: FastifyRequest) =>
    !SAFE_METHODS.has(request.method) &&
    request.routeOptions.config?.xsrf !== false &&
    // The matched route, not the raw URL: the router decodes `/%61pi/…` to an API route.
    !!request.routeOptions.url?.startsWith('/api/');

  // A callback hook (a throw here is the request's error, as from an async one): no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (required(request)) {
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers['x-xsrf-token'];
      const echoed = decoded(Array.isArray(header) ? header[0] : header);
      if (!cookie || !echoed || !safeEqual(cookie, echoed) || !valid(cookie)) {
        throw new AppError('csrf_mismatch', 'CSRF token mismatch. Refresh the page and try again.');
      }
    }
    done();
  });
}
