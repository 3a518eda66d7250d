import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@th/contracts/auth';
import { api, describeError, type ApiBody } from '@/lib/api-client';

/** Spec §8: server message, else 'Request failed ({status})', else (no answer) the flow's default. */
async function credentialRequest<T>(request: Promise<T>, fallback: string) {
  try {
    return await request;
  } catch (error) {
    throw new Error(
      describeError(error, (status) => (status === null ? fallback : `Request failed (${status})`)),
    );
  }
}

export const remindPassword = (email: string) =>
  credentialRequest(
    api.call(authEndpoints.requestPasswordReminder, { body: { email: email.trim() } }),
    'Unable to process request. Please try again.',
  );

export const sendInvite = (email: string) =>
  credentialRequest(
    api.call(authEndpoints.requestInvite, { body: { email: email.trim() } }),
    'Unable to send invite. Please try again.',
  );

export type PasswordResetInput = ApiBody<typeof authEndpoints.resetPassword>;

export const resetPassword = (input: PasswordResetInput, kind: 'reset' | 'invite') =>
  credentialRequest(
    api.call(authEndpoints.resetPassword, { body: { ...input, email: input.email.trim() } }),
    kind === 'reset'
      ? 'Unable to reset password. Please try again.'
      : 'Unable to complete invite. Please try again.',
  );

export const useRemindPassword = () => useMutation({ mutationFn: remindPassword });
export const useSendInvite = () => useMutation({ mutationFn: sendInvite });
export const useResetPassword = (kind: 'reset' | 'invite') =>
  useMutation({ mutationFn: (input: PasswordResetInput) => resetPassword(input, kind) });
