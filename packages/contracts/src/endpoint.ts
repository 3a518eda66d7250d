/**
 * One definition per API endpoint: method, path and the zod schemas of its params, query, body
 * and answers. The server registers its route from the definition (apps/server/src/lib/routes.ts)
 * and the SPA calls it through `api.call` (apps/web/src/lib/api-client.ts), so a path is written
 * once and the web's types are the server's schemas.
 *
 * This module imports zod's types only: a zod-free declaration (`declareEndpoint`, for the few
 * calls the SPA entry makes, see client-endpoints.ts) costs the entry nothing.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the query serialiser accepts: absent, null and empty values are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/** Every route is served under this prefix; paths in definitions include it, as the spec writes them. */
export const API_PREFIX = '/api';

export type EndpointSchemas = {
  /** OpenAPI grouping at /api/docs. */
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers by status. A route without a JSON answer (204, a file) declares none. */
  response?: Partial<Record<number, z.ZodType>>;
  /** Left out of /api/docs (a webhook only its sender calls). */
  hide?: boolean;
  /** Request content types other than JSON (multipart uploads). */
  consumes?: readonly string[];
};

type SuccessStatus = 200 | 201 | 202;

type UrlValue = Exclude<QueryValue, null | undefined>;
/** Fields whose zod input is `unknown` (coerced numbers, dates) take what the URL can carry. */
type UrlValues<T> = { [K in keyof T]: unknown extends T[K] ? UrlValue : T[K] };
/** A path segment is text whatever the caller holds: a numeric id fills it as well as a string. */
type PathValues<T> = { [K in keyof T]: unknown extends T[K] ? UrlValue : string extends T[K] ? string | number : T[K] };

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type AnswerOf<R> = R extends Partial<Record<number, z.ZodType>>
  ? { [K in keyof R]: K extends SuccessStatus ? (R[K] extends z.ZodType ? z.output<R[K]> : never) : never }[keyof R]
  : unknown;

/** What a call sends and gets back: all the SPA needs of an endpoint, schemas stripped. */
export type EndpointTypes = {
  params: unknown;
  query: unknown;
  body: unknown;
  response: unknown;
};

export type TypesOf<S extends EndpointSchemas> = {
  params: S['params'] extends z.ZodType ? PathValues<z.input<S['params']>> : undefined;
  query: S['query'] extends z.ZodType ? UrlValues<z.input<S['query']>> : undefined;
  body: InputOf<S['body']>;
  response: AnswerOf<S['response']>;
};

/** An endpoint as the SPA sees it: method, path and the types of a call. */
export type ApiEndpoint<T extends EndpointTypes = EndpointTypes, M extends HttpMethod = HttpMethod> = {
  readonly method: M;
  readonly path: string;
  /** Never set: carries the call's types with the value so `api.call` infers them. */
  readonly types?: T;
};

/** A full definition: what the server registers. */
export type Endpoint<S extends EndpointSchemas = EndpointSchemas, M extends HttpMethod = HttpMethod> = ApiEndpoint<
  TypesOf<S>,
  M
> & { readonly schemas: S };

export function endpoint<const M extends HttpMethod, const S extends EndpointSchemas>(
  definition: { method: M; path: string } & S,
): Endpoint<S, M> {
  const { method, path, ...schemas } = definition;
  return { method, path, schemas: schemas as unknown as S };
}

/**
 * An endpoint's method and path with the types of its schemas, for the calls the SPA entry makes
 * (it must not load zod). `S` is the type of the schemas that `withSchemas` attaches in the
 * feature's contracts file, so the two halves cannot disagree.
 */
export function declareEndpoint<S extends EndpointSchemas>() {
  return <const M extends HttpMethod>(method: M, path: string): ApiEndpoint<TypesOf<S>, M> => ({ method, path });
}

/** The full definition of a declared endpoint: its schemas joined to its method and path. */
export function withSchemas<const M extends HttpMethod, const S extends EndpointSchemas>(
  declared: ApiEndpoint<TypesOf<S>, M>,
  schemas: S,
): Endpoint<S, M> {
  return { method: declared.method, path: declared.path, schemas };
}
