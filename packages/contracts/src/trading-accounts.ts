import { z } from 'zod';

export const LinkedAccountStatus = z.enum(['active', 'disabled']);

/** A member's linked broker account as the account screen and the profile show it. */
export const LinkedAccount = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  platform: z.string(),
  type: z.enum(['live', 'demo']),
  status: LinkedAccountStatus,
  /** healthy | needs_relink | error: whether the stored broker tokens still work. */
  connection: z.string(),
  balance: z.number().nullable(),
  currency: z.string(),
  disabled: z.boolean(),
  last_synced_at: z.string().nullable(),
  updated_at: z.string(),
  alphaorb_bots_count: z.number().int(),
});
export type LinkedAccount = z.infer<typeof LinkedAccount>;
