import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, Profile } from '@th/contracts';
import { DEFAULT_DEVICE_NAME } from '@th/contracts/client';
import { authEndpoints } from '@th/contracts/auth';
import { api, describeError } from '@/lib/api-client';
import { storeAuth } from '@/lib/auth-storage';
import { clearMembershipNotice } from '@/lib/membership-notice';
import { queryClient } from '@/lib/query-client';
import { getProfile, profileQueryKey } from './get-profile';

export class LoginError extends Error {}

/** Spec §8: a failed sign-in in the words shown under the form. */
export function loginFailure(error: unknown): string {
  if (error instanceof LoginError) return error.message;
  return describeError(error, (status) =>
    status === null ? 'Unable to reach the server. Check your connection and try again.' : `Login failed with status ${status}`,
  );
}

/**
 * Signs in, stores th_auth and loads the profile (spec §4 Login). A refused sign-in rejects with
 * the server's answer (a 422 names its field); `loginFailure` words it.
 */
export async function login(input: { username: string; password: string }): Promise<Profile> {
  const body: Partial<LoginResponse> = await api.call(authEndpoints.login, {
    body: {
      username: input.username.trim(),
      password: input.password,
      device_name: DEFAULT_DEVICE_NAME,
    },
  });
  if (!body.token) throw new LoginError('No token returned by server.');
  storeAuth(body.token, body.exp ?? Math.floor(Date.now() / 1000) + 86_400);
  // A notice raised while signed out (the guard's, before this sign-in) is not about this
  // member's membership: the guard and the account pages raise it again if it applies.
  clearMembershipNotice();
  const profile = await getProfile();
  queryClient.setQueryData(profileQueryKey, profile);
  return profile;
}

export const useLogin = () => useMutation({ mutationFn: login });
