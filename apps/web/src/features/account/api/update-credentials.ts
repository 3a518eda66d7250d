import { useMutation } from '@tanstack/react-query';
import type { Profile } from '@th/contracts';
import { accountEndpoints } from '@th/contracts/profile';
import { api, type ApiBody } from '@/lib/api-client';

type CredentialsPayload = ApiBody<typeof accountEndpoints.updateCredentials>;

export type CredentialsForm = {
  email: string;
  password: string;
  password_confirmation: string;
  current_password: string;
};

/**
 * Spec §5 rules for the authentication form, checked before anything is sent. Returns the
 * payload (email sent as both email and username; a password with its confirmation; the
 * current password, which the server checks before changing either) or the message to show.
 */
export function credentialsPayload(
  form: CredentialsForm,
): { payload: CredentialsPayload } | { error: string } {
  const email = form.email.trim();
  const { password, password_confirmation: confirmation } = form;
  if (password && password !== confirmation) return { error: 'Passwords do not match.' };
  if (!password && confirmation) return { error: 'Enter a new password before confirming it.' };
  if (!email && !password) return { error: 'Enter at least one field to update.' };
  if (!form.current_password) return { error: 'Enter your current password.' };
  return {
    payload: {
      current_password: form.current_password,
      ...(email && { email, username: email }),
      ...(password && { password, password_confirmation: confirmation }),
    },
  };
}

export const updateCredentials = (payload: CredentialsPayload) =>
  api.call(accountEndpoints.updateCredentials, { body: payload });

export const useUpdateCredentials = (onSaved: (profile: Profile) => void) =>
  useMutation({ mutationFn: updateCredentials, onSuccess: (body) => onSaved(body.data) });
