import { z } from 'zod';

/** The single error body every API failure answers with. Validation errors add `errors`. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/** An e-mail address as typed by a person: trimmed, case kept for display, compared lowercased. */
export const Email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(191, 'Email addresses are limited to 191 characters.')
  // Piped so a blank address reports only that it is missing.
  .pipe(z.email('Please enter a valid email address.'));

/** Calendar date as YYYY-MM-DD. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a valid date.');

/**
 * The years any trade, journal day or filter may name. Dates far outside them (year 1 or
 * 275760) parse, but no trading history has them and the database's date arithmetic rejects
 * some of them: refused with a 422 before any query.
 */
export const TRADING_YEARS = { first: 1970, last: 2099 } as const;
export const TRADING_YEARS_MESSAGE = `Use a date between ${TRADING_YEARS.first} and ${TRADING_YEARS.last}.`;

/** Whether a date (YYYY-MM-DD) or instant (ISO) falls within TRADING_YEARS. */
export function inTradingYears(value: string): boolean {
  const year = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Number(value.slice(0, 4)) : new Date(value).getUTCFullYear();
  return year >= TRADING_YEARS.first && year <= TRADING_YEARS.last;
}

/** A calendar date a trade or journal day can have. */
export const TradingDate = IsoDate.refine(inTradingYears, TRADING_YEARS_MESSAGE);

/** Wraps a payload the way the API answers: `{ data: … }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
