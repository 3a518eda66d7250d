import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { ApiError, AUTH_FAILURE_STATUSES } from '@/lib/api-client';
import { hasValidToken } from '@/lib/auth-storage';
import { raiseMembershipNotice } from '@/lib/membership-notice';
import { pathOf, safeNext, withNext } from '@/lib/next-path';
import { queryClient } from '@/lib/query-client';

/**
 * Loader of the gated platform routes (spec §6): an active membership is required. No token,
 * a suspended profile, a 403 or any other profile failure all send the visitor to the account
 * area with the inactive-membership notice.
 */
export async function requireActiveMembership({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) {
    raiseMembershipNotice();
    // The page asked for rides along, so signing in from the account area lands on it.
    throw redirect(withNext(paths.accountSuspended, pathOf(request)));
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
export async function requireStaff({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) throw redirect(withNext(paths.login, pathOf(request)));
  try {
    const profile = await queryClient.ensureQueryData(profileQueryOptions());
    const permissions = new Set([...profile.permissions, ...profile.roles.flatMap((role) => role.permissions)]);
    if (profile.status === 'active' && permissions.has('staff.access')) return null;
  } catch (error) {
    if (error instanceof ApiError && AUTH_FAILURE_STATUSES.includes(error.status)) throw redirect(paths.home);
  }
  throw redirect(paths.dashboard);
}

/**
 * Loader of the account pages: they need a stored token, else the sign-in page, which then
 * returns to where the visitor was going (a gated page's `next`, or this account page).
 */
export function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) {
    const url = new URL(request.url);
    // The account front page itself is no destination: signing in from it lands on the dashboard.
    const next = safeNext(url.searchParams.get('next')) ?? (url.pathname === paths.account ? null : pathOf(request));
    throw redirect(withNext(paths.login, next));
  }
  return null;
}

/** Loader of the credential screens: signed-in visitors go to the dashboard instead. */
export function redirectSignedIn() {
  if (hasValidToken()) throw redirect(paths.dashboard);
  return null;
}
