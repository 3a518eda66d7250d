import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { raiseMembershipNotice, readMembershipNotice } from '@/lib/membership-notice';
import { INACTIVE_NOTICE, useMembershipHealth } from './use-membership-health';

describe('useMembershipHealth', () => {
  it.each(['internal', 'skool'])('[P96] never leaves the inactive banner up for a %s membership', (vendor) => {
    // As the guard leaves it when the visitor arrived signed out.
    raiseMembershipNotice();
    renderHook(() => useMembershipHealth({ vendor, status: 'canceled' }, false));
    expect(readMembershipNotice()).toBeNull();
  });

  it('keeps the notice of a suspended member whatever the vendor', () => {
    raiseMembershipNotice('Your membership is inactive. Manage billing to restore access.');
    renderHook(() => useMembershipHealth({ vendor: 'internal', status: 'active' }, true));
    expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Manage billing to restore access.');
  });

  it('raises it for an unhealthy Stripe membership and clears it when healthy', () => {
    const { rerender } = renderHook(({ status }) => useMembershipHealth({ vendor: 'stripe', status }, false), {
      initialProps: { status: 'canceled' },
    });
    expect(readMembershipNotice()?.message).toBe(INACTIVE_NOTICE);
    rerender({ status: 'active' });
    expect(readMembershipNotice()).toBeNull();
  });
});
