import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries. Scripts only from our origin (no inline scripts); styles allow
 * inline attributes because React sets style props; frames only for the embeds lessons use.
 */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.tradingview.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', csp);
    if (secure) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
