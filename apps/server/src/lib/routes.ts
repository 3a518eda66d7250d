import type {
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX, type Endpoint, type EndpointSchemas, type HttpMethod } from '@th/contracts';

/** Fastify's schema keys, filled from a definition (fastify-type-provider-zod types the handler from them). */
type RouteSchema<S extends EndpointSchemas> = {
  tags: string[];
  hide?: boolean;
  consumes?: string[];
  params: S extends { params: infer P } ? P : undefined;
  querystring: S extends { query: infer Q } ? Q : undefined;
  body: S extends { body: infer B } ? B : undefined;
  response: S extends { response: infer R } ? R : undefined;
};

// The schema object of every route registered from a definition, back to its definition: the
// route table (app.ts) reads it to prove that no /api route was written by hand.
const definitions = new WeakMap<object, Endpoint>();

/**
 * A route's method, url and schema from its definition in @th/contracts (what `routesOf`
 * registers; exported for the route-table test).
 */
function serverRoute<const S extends EndpointSchemas, const M extends HttpMethod>(
  definition: Endpoint<S, M>,
) {
  if (!definition.path.startsWith(`${API_PREFIX}/`))
    throw new Error(`${definition.path} is not under ${API_PREFIX}`);
  const { tags, hide, consumes, params, query, body, response } = definition.schemas;
  // Keys left out rather than undefined: fastify and the OpenAPI transform read every key present.
  const schema = {
    tags: [...tags],
    ...(hide ? { hide } : {}),
    ...(consumes ? { consumes: [...consumes] } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(response ? { response } : {}),
  } as RouteSchema<S>;
  definitions.set(schema, definition);
  return { method: definition.method, url: definition.path.slice(API_PREFIX.length), schema };
}

/** The definition a route was registered from, by its schema object; undefined for a hand-written route. */
export function definitionOf(schema: unknown): Endpoint | undefined {
  return typeof schema === 'object' && schema !== null ? definitions.get(schema) : undefined;
}

/** A handler typed by its definition's schemas: params, query and body parsed, the answer checked. */
export type RouteHandler<S extends EndpointSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  RouteSchema<S>,
  ZodTypeProvider
>;

/** What a route may add to its definition besides access and handler: hooks and a body limit. */
type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest'>;

/**
 * The one way a module registers a route under /api: from its definition in @th/contracts,
 * with its access (`{ access, permission }`, rate limits) and its handler.
 * `route(tradeEndpoints.getTrade, member, (request) => trades.get(ctx, authOf(request).userId, request.params.tradeId))`
 */
export function routesOf(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  return function route<const S extends EndpointSchemas, const M extends HttpMethod>(
    definition: Endpoint<S, M>,
    config: FastifyContextConfig,
    handler: RouteHandler<S>,
    extras: RouteExtras = {},
  ) {
    r.route({ ...serverRoute(definition), ...extras, config, handler });
  };
}
