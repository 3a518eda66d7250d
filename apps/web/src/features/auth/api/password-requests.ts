import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@th/contracts/auth';
import { api, describeError, type ApiBody } from '@/lib/api-client';

/**
 * Spec §8: a failed forgot, reset or invite request in words: the server's message, else
 * 'Request failed ({status})', else (no answer) the flow's own default. The calls reject with
 * the failure itself, so a form can also put a 422's messages on its fields.
 */
export const requestFailure = (error: unknown, fallback: string) =>
  describeError(error, (status) => (status === null ? fallback : `Request failed (${status})`));

export const remindPassword = (email: string) =>
  api.call(authEndpoints.requestPasswordReminder, { body: { email: email.trim() } });

export const sendInvite = (email: string) =>
  api.call(authEndpoints.requestInvite, { body: { email: email.trim() } });

export type PasswordResetInput = ApiBody<typeof authEndpoints.resetPassword>;

export const resetPassword = (input: PasswordResetInput) =>
  api.call(authEndpoints.resetPassword, { body: { ...input, email: input.email.trim() } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
