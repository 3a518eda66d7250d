import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** Spec §8: server message, else 'Request failed ({status})', else the flow's default. */
async function credentialRequest(path: string, body: unknown, fallback: string) {
  try {
    return await api.post<{ message: string }>(path, body);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.describe(`Request failed (${error.status})`));
    throw new Error(fallback);
  }
}

export const remindPassword = (email: string) =>
  credentialRequest('/api/password/remind', { email: email.trim() }, 'Unable to process request. Please try again.');

export const sendInvite = (email: string) =>
  credentialRequest('/api/password/invite', { email: email.trim() }, 'Unable to send invite. Please try again.');

export type PasswordResetInput = {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
};

export const resetPassword = (input: PasswordResetInput, kind: 'reset' | 'invite') =>
  credentialRequest(
    '/api/password/reset',
    { ...input, email: input.email.trim() },
    kind === 'reset' ? 'Unable to reset password. Please try again.' : 'Unable to complete invite. Please try again.',
  );

export const useRemindPassword = () => useMutation({ mutationFn: remindPassword });
export const useSendInvite = () => useMutation({ mutationFn: sendInvite });
export const useResetPassword = (kind: 'reset' | 'invite') =>
  useMutation({ mutationFn: (input: PasswordResetInput) => resetPassword(input, kind) });
