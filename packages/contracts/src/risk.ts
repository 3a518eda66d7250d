import { z } from 'zod';

/** A required positive number, with the words a member reads when it is blank, not a number or not above 0. */
const positive = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `Enter ${what}.` : `Enter ${what} as a number.`) })
    .refine(Number.isFinite, `Enter ${what} as a number.`)
    .refine((value) => value > 0, `${what[0]!.toUpperCase()}${what.slice(1)} must be above 0.`);

/**
 * The position size calculator's question (Risk Manager): sized in the browser by @th/domain's
 * positionSize, so nothing is sent; the schema is here to be shared with the rules that follow.
 * `account_id` is the linked account whose broker balance fills `balance`, null for a typed one.
 */
export const PositionSizeQuestion = z
  .object({
    account_id: z.string().nullable(),
    balance: positive('the balance'),
    instrument: z.string().min(1, 'Choose an instrument.'),
    risk_mode: z.enum(['percent', 'money']),
    risk: positive('the risk'),
    entry: positive('the entry price'),
    stop: positive('the stop price'),
  })
  .superRefine((q, issues) => {
    if (q.entry === q.stop) issues.addIssue({ code: 'custom', path: ['stop'], message: 'The stop must differ from the entry.' });
    if (q.risk_mode === 'percent' && q.risk > 100)
      issues.addIssue({ code: 'custom', path: ['risk'], message: 'The risk cannot be more than 100% of the balance.' });
    if (q.risk_mode === 'money' && q.risk > q.balance)
      issues.addIssue({ code: 'custom', path: ['risk'], message: 'The risk cannot be more than the balance.' });
  });
export type PositionSizeQuestion = z.infer<typeof PositionSizeQuestion>;
