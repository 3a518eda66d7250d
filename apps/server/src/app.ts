import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import type { Endpoint } from '@th/contracts';
import type { AppContext } from './context.ts';
import type { Config } from './config.ts';
import { loadPageDocuments } from './lib/page-documents.ts';
import { databaseRateLimitStore } from './lib/rate-limits.ts';
import { serializeReusedOnce } from './lib/reused-answers.ts';
import { definitionOf } from './lib/routes.ts';
import { registerAuth, type Access } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRejectNullCharacters } from './plugins/reject-null-characters.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerXsrf } from './plugins/xsrf.ts';
import { apiModules } from './modules/index.ts';
import { serveLiveClient } from './modules/live-sessions/live-client-page.ts';
import { serveUploads } from './modules/uploads/routes.ts';

/** One API route and who may call it: the source of the authorization matrix. */
export type RouteSummary = {
  method: string;
  url: string;
  /** null when the route did not say (it then defaults to 'member'); the matrix test forbids it. */
  access: Access | null;
  permission: string | null;
  /** The request body schema, for schema-driven fuzzing. */
  body: ZodType | null;
  /** The @th/contracts definition it was registered from; null for a hand-written route (a test forbids it). */
  definition: Endpoint | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteSummary[];
  }
}

export type BuildAppOptions = {
  ctx: AppContext;
  logger: Logger | false;
  /** Directory of the built SPA to serve; omitted in API tests. */
  webRoot?: string;
};

/** Fastify runs a hop count this way itself; its types only name the other forms. */
function trustedHops(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the HTTP app without listening: server.ts listens, tests use app.inject. */
export async function buildApp({ ctx, logger, webRoot }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (logger || undefined) as FastifyBaseLogger | undefined,
    trustProxy: trustedHops(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.decorate('routeTable', [] as RouteSummary[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const config = (route.config ?? {}) as { access?: Access; permission?: string };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        access: config.access ?? null,
        permission: config.permission ?? null,
        body: (route.schema?.body as ZodType | undefined) ?? null,
        definition: definitionOf(route.schema) ?? null,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeReusedOnce(serializerCompiler));
  registerErrorHandler(app, ctx.errors);
  registerRejectNullCharacters(app);

  const secure = ctx.config.APP_URL.startsWith('https://');
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(ctx.database, ctx.now) });
  registerSecurityHeaders(app, secure);
  registerMetrics(app, ctx.memory.metrics, ctx.config.METRICS_TOKEN, ctx.config.TRUST_PROXY !== false);
  registerXsrf(app, ctx.config.appKey, secure);
  registerAuth(app, ctx);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${ctx.config.BRAND_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  for (const module of apiModules) {
    await app.register((scope) => module(scope, ctx), { prefix: '/api' });
  }

  await serveUploads(app, ctx);
  // The Zoom live client is its own build, served beside the SPA with its own isolation headers.
  if (webRoot) await serveLiveClient(app, path.resolve(webRoot, '../../live-client/dist'));
  const spa = webRoot && existsSync(path.join(webRoot, 'index.html')) ? webRoot : null;
  if (spa) await serveStatic(app, spa);
  const documents = spa ? loadPageDocuments(spa) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (!documents || request.method !== 'GET' || url.startsWith('/api/') || path.extname(url)) {
      return reply.status(404).send({ message: `No route for ${request.method} ${url}.` });
    }
    // Client-side routes (including unknown ones, which render the 404 page) get the SPA.
    const { html, etag } = documents.documentFor(url);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
  return app;
}

async function serveStatic(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; index.html must always be revalidated.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
