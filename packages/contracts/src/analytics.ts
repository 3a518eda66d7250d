import { z } from 'zod';

export const PageViewRequest = z.object({
  path: z.string().min(1).max(2048),
  referrer: z.string().max(2048).optional(),
});
export type PageViewRequest = z.infer<typeof PageViewRequest>;
