import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { ApiError, AUTH_FAILURE_STATUSES } from '@/lib/api-client';
import { hasValidToken } from '@/lib/auth-storage';
import { raiseMembershipNotice } from '@/lib/membership-notice';
import { queryClient } from '@/lib/query-client';

/**
 * Loader of the gated platform routes (spec §6): an active membership is required. No token,
 * a suspended profile, a 403 or any other profile failure all send the visitor to the account
 * area with the inactive-membership notice.
 */
export async function requireActiveMembership() {
  if (!hasValidToken()) {
    raiseMembershipNotice();
    throw redirect(paths.accountSuspended);
  }
  try {
    const profile = await queryClient.ensureQueryData(profileQueryOptions());
    if (profile.status.toLowerCase() === 'suspended') {
      raiseMembershipNotice('Your membership is inactive. Manage billing to restore access.');
      throw redirect(paths.accountSuspended);
    }
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && AUTH_FAILURE_STATUSES.includes(error.status)) throw redirect(paths.home);
    raiseMembershipNotice(error instanceof ApiError && error.status === 403 ? (error.serverMessage ?? undefined) : undefined);
    throw redirect(paths.accountSuspended);
  }
}

/** Loader of the staff console: staff only; everyone else goes to their dashboard. */
export async function requireStaff() {
  if (!hasValidToken()) throw redirect(paths.login);
  try {
    const profile = await queryClient.ensureQueryData(profileQueryOptions());
    const permissions = new Set([...profile.permissions, ...profile.roles.flatMap((role) => role.permissions)]);
    if (profile.status === 'active' && permissions.has('staff.access')) return null;
  } catch (error) {
    if (error instanceof ApiError && AUTH_FAILURE_STATUSES.includes(error.status)) throw redirect(paths.home);
  }
  throw redirect(paths.dashboard);
}

/** Loader of the account pages: they need a stored token, else the sign-in page. */
export function requireSignedIn() {
  if (!hasValidToken()) throw redirect(paths.login);
  return null;
}

/** Loader of the credential screens: signed-in visitors go to the dashboard instead. */
export function redirectSignedIn() {
  if (hasValidToken()) throw redirect(paths.dashboard);
  return null;
}
