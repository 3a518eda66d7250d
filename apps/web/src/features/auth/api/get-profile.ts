import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import type { Profile } from '@th/contracts/profile';
import { api, ApiError, NetworkError } from '@/lib/api-client';
import { hasValidToken } from '@/lib/auth-storage';
import { forceLogout } from '@/lib/session-events';

export const PROFILE_REQUEST_FAILED = 'Profile request failed';
/** What the platform's top bar says while the profile cannot be loaded (spec §8). */
export const PROFILE_LOAD_FAILED = 'Failed to load profile.';

/** The profile may come bare or under `data` (spec §7). */
export async function getProfile(): Promise<Profile> {
  try {
    const body: { data: Profile } | Profile = await api.call(entryEndpoints.getProfile);
    return 'data' in body ? body.data : body;
  } catch (error) {
    // Spec §8: a network failure while loading the profile signs the member out.
    if (error instanceof NetworkError) forceLogout();
    // Spec §8's words for a failed profile request that did not say why (logs, error reports).
    if (error instanceof ApiError && !error.serverMessage) error.message = PROFILE_REQUEST_FAILED;
    throw error;
  }
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: getProfile,
    staleTime: 60_000,
    retry: false,
    enabled: hasValidToken(),
  });

export const useProfile = () => useQuery(profileQueryOptions());
