import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, Profile } from '@th/contracts';
import { DEFAULT_DEVICE_NAME } from '@th/contracts/client';
import { authEndpoints } from '@th/contracts/auth';
import { api, ApiError } from '@/lib/api-client';
import { storeAuth } from '@/lib/auth-storage';
import { clearMembershipNotice } from '@/lib/membership-notice';
import { queryClient } from '@/lib/query-client';
import { getProfile, profileQueryKey } from './get-profile';

export class LoginError extends Error {}

/** Signs in, stores th_auth and loads the profile (spec §4 Login). */
export async function login(input: { username: string; password: string }): Promise<Profile> {
  let body: Partial<LoginResponse>;
  try {
    body = await api.call(authEndpoints.login, {
      body: {
        username: input.username.trim(),
        password: input.password,
        device_name: DEFAULT_DEVICE_NAME,
      },
    });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new LoginError(error.serverMessage ?? `Login failed with status ${error.status}`);
    }
    throw error;
  }
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
