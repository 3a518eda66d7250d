/** Client identity sent with every call (spec §7). Zod-free so the SPA entry stays small. */
export const CLIENT_VERSION = '1.0.4';
export const DEFAULT_DEVICE_NAME = `Web App ${CLIENT_VERSION}`;
export { entryEndpoints } from './client-endpoints.ts';
export type { ApiEndpoint, EndpointTypes, HttpMethod, QueryValue } from './endpoint.ts';
export { API_PREFIX } from './endpoint.ts';
