// Value-imports zod: only feature components (lazy chunks) use this module, never the app entry.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from './api-client';

/** A zod schema from `@th/contracts`, seen only through the type of what it parses to. */
type ContractSchema<Output> = { _zod: { output: Output } };

/**
 * A form validated with the same contract schema the server validates the request with, so
 * the member reads the server's (the spec's) words before sending. `Values` is what the fields
 * hold; the submit handler receives the schema's output, the request body. `outside` holds the
 * request's parts that are not fields (the backtest's instrument and bot settings): they are
 * validated with the fields, and their errors are named like them (errors.instrument).
 *
 * Errors change only when the member submits, and focus stays where it is, as the hand-written
 * forms behaved.
 */
export function useContractForm<Values extends FieldValues, Output>(
  schema: ContractSchema<Output>,
  defaultValues: Values,
  outside?: Record<string, unknown>,
): UseFormReturn<Values, unknown, Output> {
  // One cast for every form: the resolver's overloads cannot see Values through the structural type.
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Output>;
  return useForm<Values, unknown, Output>({
    resolver: (values, context, options) => resolve({ ...values, ...(context as object | undefined) }, context, options as never) as never,
    context: outside,
    defaultValues: defaultValues as DefaultValues<Values>,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** Whether the form holds a field at this path (`outcome`, `context.news`). */
function holds(values: object, path: string): boolean {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts a 422's field errors (`{message, errors: {field: [msg]}}`) on the form's fields of the
 * same name; other failures, and keys that are no field here, are the caller's to word.
 */
export function showServerErrors<Values extends FieldValues>(form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError' | 'getValues'>, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 422) return;
  const fields = form.getValues();
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if (holds(fields, name) && messages[0]) form.setError(name as Path<Values>, { type: 'server', message: messages[0] });
  }
}

/** How a field's text becomes the request's value, before the contract schema checks it. */
type Reader = (value: unknown) => unknown;

/** An optional text, trimmed; blank is not sent: null. */
export const textOrNull: Reader = (value) => (typeof value === 'string' ? value.trim() || null : value);
/** A number typed in a text box; blank leaves the schema's default. Not a number stays text, for the schema to refuse. */
export const typedNumber: Reader = (value) => (typeof value !== 'string' ? value : value.trim() === '' ? undefined : Number.isNaN(Number(value)) ? value : Number(value));
/** A textarea with one entry per line: the non-blank lines, trimmed. */
export const lines: Reader = (value) => (typeof value === 'string' ? value.split('\n').map((line) => line.trim()).filter(Boolean) : value);

/**
 * The contract schema reading some fields from their form text first (`readers`), so an error
 * still lands on the field it came from and the rest of the schema is the server's own.
 */
export function readingFields<Shape extends z.core.$ZodShape>(schema: z.ZodObject<Shape>, readers: { [K in keyof Shape]?: Reader }): z.ZodObject<Shape> {
  const read = Object.fromEntries(Object.entries(readers).map(([name, reader]) => [name, z.preprocess(reader!, schema.shape[name]!)]));
  // safeExtend keeps the schema's refinements (e.g. exit after entry). The fields' output
  // types are unchanged; only their input (form text) widens.
  return schema.safeExtend(read as never) as unknown as z.ZodObject<Shape>;
}
