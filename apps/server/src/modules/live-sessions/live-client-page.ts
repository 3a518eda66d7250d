import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the Zoom live client (apps/live-client, React 18 + Meeting SDK) is served. */
export const LIVE_CLIENT_PATH = '/live-client/';

/** The SDK's asset CDN, and the CloudFront mirror it falls back to when that fails. */
const ZOOM_CDN = 'https://source.zoom.us https://dmogdx0jrul3u.cloudfront.net';

/**
 * The Meeting SDK's WebAssembly media needs SharedArrayBuffer, which browsers only grant to a
 * cross-origin isolated page; it also loads code, workers and media from Zoom. Those allowances
 * are made for this page alone, never for the SPA.
 */
const LIVE_CLIENT_CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob: ${ZOOM_CDN} https://*.zoom.us`,
  `worker-src 'self' blob: ${ZOOM_CDN}`,
  `style-src 'self' 'unsafe-inline' ${ZOOM_CDN}`,
  "img-src 'self' data: blob: https:",
  `font-src 'self' data: ${ZOOM_CDN}`,
  "media-src 'self' blob: mediastream: https://*.zoom.us",
  `connect-src 'self' blob: data: ${ZOOM_CDN} https://*.zoom.us wss://*.zoom.us https://*.zoom.com wss://*.zoom.com`,
  'frame-src https://*.zoom.us',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const LIVE_CLIENT_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'content-security-policy': LIVE_CLIENT_CSP,
  // Joining a meeting needs the camera, the microphone and screen sharing.
  'permissions-policy':
    'camera=(self), microphone=(self), display-capture=(self), fullscreen=(self), geolocation=()',
};

/** Serves the built live client at /live-client/ when it has been built; nothing otherwise. */
export async function serveLiveClient(app: FastifyInstance, root: string) {
  if (!existsSync(path.join(root, 'index.html'))) return;
  await app.register(async (scope) => {
    // Runs after the app-wide security headers hook, so these replace its CSP and policies.
    scope.addHook('onSend', async (_request, reply) => {
      for (const [name, value] of Object.entries(LIVE_CLIENT_HEADERS)) reply.header(name, value);
    });
    scope.get('/live-client', { schema: { hide: true } }, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(
        `${LIVE_CLIENT_PATH}${query >= 0 ? request.url.slice(query) : ''}`,
        301,
      );
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: LIVE_CLIENT_PATH,
      decorateReply: false,
      index: ['index.html'],
      // The build writes .br and .gz copies of its text files (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  });
}
