import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { withSchemas, type EndpointSchemas } from './endpoint.ts';

export const PageViewRequest = z.object({
  path: z.string().min(1).max(2048),
  referrer: z.string().max(2048).optional(),
});
export type PageViewRequest = z.infer<typeof PageViewRequest>;

/** Sent by the app shell's page-view beacon (zod-free declaration); answers 204. */
export const recordPageViewSchemas = { tags: ['analytics'], body: PageViewRequest } satisfies EndpointSchemas;
export const analyticsEndpoints = { recordPageView: withSchemas(entryEndpoints.recordPageView, recordPageViewSchemas) };
