import { describe, it, expect } from 'vitest';
import {
  renewalLabel,
  ALPHAORB_MANAGE,
  canOpenBillingPortal,
  displayName,
  formatMinorUnits,
  hasPermission,
  initials,
  intervalLabel,
  isExternallyBilled,
  isMembershipHealthy,
  memberStatusTone,
  subscriptionBadgeTone,
  subscriptionStatusLabel,
} from '../src/membership.ts';

describe('subscription status', () => {
  it.each([
    ['active', 'Active', 'green'],
    ['trialing', 'Trialing', 'green'],
    ['past_due', 'Past due', 'orange'],
    ['canceled', 'Canceled', 'grey'],
    ['incomplete', 'Incomplete', 'orange'],
    ['incomplete_expired', 'Incomplete', 'orange'],
    ['unpaid', 'unpaid', 'grey'],
    ['PAUSED', 'PAUSED', 'grey'],
  ])('%s reads %s with a %s badge', (status, label, tone) => {
    expect(subscriptionStatusLabel(status, true)).toBe(label);
    expect(subscriptionBadgeTone(status, true)).toBe(tone);
  });
  it('handles a missing status', () => {
    expect(subscriptionStatusLabel(null, false)).toBe('No plan');
    expect(subscriptionBadgeTone(null, false)).toBe('grey');
    expect(subscriptionStatusLabel('', true)).toBe('Active');
    expect(subscriptionBadgeTone(undefined, true)).toBe('green');
  });
});

describe('isMembershipHealthy', () => {
  it('is healthy when active, trialing, or past due without a pending cancel', () => {
    expect(isMembershipHealthy({ status: 'active' })).toBe(true);
    expect(isMembershipHealthy({ status: 'active', cancel_at_period_end: true })).toBe(true);
    expect(isMembershipHealthy({ status: 'trialing' })).toBe(true);
    expect(
      isMembershipHealthy({ status: 'past_due', cancel_at_period_end: false, cancel_at: null }),
    ).toBe(true);
  });
  it('is unhealthy otherwise', () => {
    expect(isMembershipHealthy({ status: 'past_due', cancel_at_period_end: true })).toBe(false);
    expect(isMembershipHealthy({ status: 'past_due', cancel_at: '2025-02-01T00:00:00Z' })).toBe(
      false,
    );
    expect(isMembershipHealthy({ status: 'canceled' })).toBe(false);
    expect(isMembershipHealthy({ status: 'incomplete' })).toBe(false);
    expect(isMembershipHealthy({})).toBe(false);
    expect(isMembershipHealthy(null)).toBe(false);
  });
});

describe('billing', () => {
  it('[P91] labels intervals per §9', () => {
    expect(intervalLabel('year', 1)).toBe('Yearly');
    expect(intervalLabel('year')).toBe('Yearly');
    expect(intervalLabel('month', 1)).toBe('Month');
    expect(intervalLabel('week')).toBe('Week');
    expect(intervalLabel('month', 3)).toBe('3 month');
    expect(intervalLabel('year', 2)).toBe('2 year');
    expect(intervalLabel(null)).toBeNull();
  });
  it('[P91] formats minor units', () => {
    expect(formatMinorUnits(5000)).toBe('$50.00');
    expect(formatMinorUnits(123456, 'usd')).toBe('$1,234.56');
    expect(formatMinorUnits(999, 'EUR')).toBe('€9.99');
    expect(formatMinorUnits(100, '')).toBe('$1.00');
    expect(formatMinorUnits(100, 'bad code!')).toBe('$1.00');
    expect(formatMinorUnits(null)).toBeNull();
  });
  it('knows externally billed vendors', () => {
    expect(isExternallyBilled('internal')).toBe(true);
    expect(isExternallyBilled('Skool')).toBe(true);
    expect(isExternallyBilled('stripe')).toBe(false);
    expect(canOpenBillingPortal({ can_manage: true, vendor: 'stripe' })).toBe(true);
    expect(canOpenBillingPortal({ can_manage: true, vendor: 'skool' })).toBe(false);
    expect(canOpenBillingPortal({ can_manage: false, vendor: 'stripe' })).toBe(false);
  });
  it('[P63] tones the member status', () => {
    expect(memberStatusTone('active')).toBe('green');
    expect(memberStatusTone('SUSPENDED')).toBe('orange');
    expect(memberStatusTone('other')).toBe('grey');
  });
});

describe('names', () => {
  it('[P125] picks the display name', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', username: 'ada' })).toBe(
      'Ada Lovelace',
    );
    expect(displayName({ first_name: 'Ada', last_name: null })).toBe('Ada');
    expect(displayName({ first_name: ' ', username: 'ada' })).toBe('ada');
    expect(displayName({ email: 'a@b.c' })).toBe('a@b.c');
    expect(displayName({})).toBe('User');
    expect(displayName(null)).toBe('User');
  });
  it('derives initials', () => {
    expect(initials({ first_name: 'ada', last_name: 'lovelace' })).toBe('AL');
    expect(initials({ first_name: 'Ada' })).toBe('AD');
    expect(initials({ username: 'zed' })).toBe('ZE');
    expect(initials({ username: 'x' })).toBe('X');
    expect(initials({})).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
});

describe('hasPermission', () => {
  it('finds the permission directly or through a role', () => {
    expect(hasPermission({ permissions: [ALPHAORB_MANAGE] }, 'alphaorb.manage')).toBe(true);
    expect(
      hasPermission(
        { permissions: [], roles: [{ permissions: [] }, { permissions: ['alphaorb.manage'] }] },
        ALPHAORB_MANAGE,
      ),
    ).toBe(true);
  });
  it('denies otherwise', () => {
    expect(
      hasPermission({ permissions: ['other'], roles: [{ permissions: null }] }, ALPHAORB_MANAGE),
    ).toBe(false);
    expect(hasPermission({}, ALPHAORB_MANAGE)).toBe(false);
    expect(hasPermission(null, ALPHAORB_MANAGE)).toBe(false);
  });
});

describe('renewalLabel', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('names the renewal of a renewing membership, and the end of one that will not renew', () => {
    expect(renewalLabel({ status: 'active', renewal_date: '2027-01-01T00:00:00Z' }, now, 'Next renewal')).toBe('Next renewal');
    expect(renewalLabel({ status: 'trialing', cancel_at_period_end: true, renewal_date: '2026-12-01T00:00:00Z' }, now, 'Next renewal')).toBe('Ends on');
    expect(renewalLabel({ status: 'canceled', renewal_date: '2026-10-24T00:00:00Z' }, now, 'Renewal date')).toBe('Ended on');
    expect(renewalLabel({ status: 'canceled', renewal_date: '2026-12-24T00:00:00Z' }, now, 'Renewal date')).toBe('Ends on');
  });
});
