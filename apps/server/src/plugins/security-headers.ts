import type { FastifyInstance } from 'fastify';
import { EMBED_HOSTS } from '../lib/html.ts';

/**
 * Headers every answer carries. Scripts only from our origin (no inline scripts); styles allow
 * inline attributes because React sets style props; frames only for the embeds lessons use.
 *
 * Hand-written on purpose, not @fastify/helmet (issue #21 item 10): to send exactly these
 * headers helmet needs most of its defaults switched off or changed (its CSP defaults, COOP and
 * CORP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection, its referrer policy and frame options,
 * HSTS on plain http), it cannot send Permissions-Policy, and the API docs' exception from the
 * CSP would stay a hook of our own. Twenty lines here say the same more plainly.
 */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The same hosts the lesson sanitizer lets iframes point at, so the two cannot drift apart.
    `frame-src ${EMBED_HOSTS.map((host) => `https://${host}`).join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  const always = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  const withCsp = { ...always, 'content-security-policy': csp };
  const hsts = 'max-age=31536000; includeSubDomains';
  // Every answer runs this: a callback hook (no promise per answer) setting prebuilt headers.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(request.url.startsWith('/api/docs') ? always : withCsp);
    if (secure) reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
}
