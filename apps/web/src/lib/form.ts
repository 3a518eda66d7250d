import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/** A zod schema from `@th/contracts`, seen only through the type of what it parses to. */
type ContractSchema<Output> = { _zod: { output: Output } };

/**
 * A form validated with the same contract schema the server validates the request with, so
 * the member reads the server's (the spec's) words before sending. `Values` is what the fields
 * hold; the submit handler receives the schema's output, the request body.
 *
 * Errors change only when the member submits, and focus stays where it is, as the hand-written
 * forms behaved. (The resolver imports no zod at run time: this module stays light.)
 */
export function useContractForm<Values extends FieldValues, Output>(
  schema: ContractSchema<Output>,
  defaultValues: DefaultValues<Values>,
): UseFormReturn<Values, unknown, Output> {
  return useForm<Values, unknown, Output>({
    // One cast for every form: the resolver's overloads cannot see Values through the structural type.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/**
 * Puts a 422's field errors (`{message, errors: {field: [msg]}}`) on the form's fields of the
 * same name. True when at least one landed; other failures are the caller's to word.
 */
export function showServerErrors<Values extends FieldValues>(form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError' | 'getValues'>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const fields = form.getValues();
  let landed = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if (!(name in fields) || !messages[0]) continue;
    form.setError(name as Path<Values>, { type: 'server', message: messages[0] });
    landed = true;
  }
  return landed;
}
