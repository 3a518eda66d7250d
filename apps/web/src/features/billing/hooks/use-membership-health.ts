import { useEffect } from 'react';
import { isExternallyBilled, isMembershipHealthy } from '@th/domain';
import { clearMembershipNotice, raiseMembershipNotice } from '@/lib/membership-notice';

export const INACTIVE_NOTICE = 'Your membership is inactive. Update billing to restore full access.';

type Membership = {
  vendor: string | null;
  status: string | null;
  cancel_at_period_end?: boolean | null;
  cancel_at?: string | null;
};

/**
 * Platform §4: an unhealthy membership raises the inactive notice, a healthy one clears it.
 * Internal and skool memberships are billed elsewhere and never show it (P96). `undefined` means
 * not loaded yet; a suspended member keeps whatever notice sent them here.
 */
export function useMembershipHealth(membership: Membership | null | undefined, memberSuspended: boolean) {
  const loaded = membership !== undefined;
  const vendor = membership?.vendor ?? null;
  const status = membership?.status ?? null;
  const cancelAtPeriodEnd = membership?.cancel_at_period_end ?? null;
  const cancelAt = membership?.cancel_at ?? null;
  useEffect(() => {
    if (!loaded) return;
    if (isExternallyBilled(vendor)) {
      // Billed outside the app: no billing banner to act on (a notice stored earlier, e.g. by
      // the guard before sign-in, is dropped), unless the member is suspended and needs the why.
      if (!memberSuspended) clearMembershipNotice();
      return;
    }
    const exists = status !== null || vendor !== null;
    if (isMembershipHealthy(exists ? { status, cancel_at_period_end: cancelAtPeriodEnd, cancel_at: cancelAt } : null)) {
      if (!memberSuspended) clearMembershipNotice();
    } else if (exists || memberSuspended) {
      raiseMembershipNotice(INACTIVE_NOTICE);
    }
  }, [loaded, vendor, status, cancelAtPeriodEnd, cancelAt, memberSuspended]);
}
