import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { PASSWORD_MAIL_JOB, remindPassword, sendInvite } from './service.ts';

/**
 * Mails asked for on the public reset and invite forms (see requestPasswordMail). A mail outage
 * is retried for about half an hour (30 s doubling, five times) before the member must ask again.
 */
export const passwordMailJob = defineJob({
  name: PASSWORD_MAIL_JOB,
  payload: z.object({ kind: z.enum(['remind', 'invite']), email: z.string() }),
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  handler: async (ctx, { kind, email }) => {
    if (kind === 'remind') await remindPassword(ctx, { email });
    else await sendInvite(ctx, { email });
  },
});
