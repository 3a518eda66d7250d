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
 * A route's method, url and schema from its definition in @th/contracts, to spread into
 * `r.route({ ...serverRoute(getBot), config, handler })` inside a module registered under /api.
 */
export function serverRoute<const S extends EndpointSchemas, const M extends HttpMethod>(definition: Endpoint<S, M>) {
  if (!definition.path.startsWith(`${API_PREFIX}/`)) throw new Error(`${definition.path} is not under ${API_PREFIX}`);
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
