/**
 * Membership and profile presentation (platform §3, §4, §9): subscription status and badge,
 * membership health, billing amounts and intervals, the member's name and permissions.
 */
import { fromCents } from './money.ts';

export type BadgeTone = 'green' | 'orange' | 'grey';

const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete',
};

function normalisedStatus(status: string | null | undefined): string {
  return status?.trim().toLowerCase() ?? '';
}

/**
 * The status label. Unknown statuses are shown as sent; without a status: 'Active' when a
 * subscription exists anyway, else 'No plan'.
 */
export function subscriptionStatusLabel(
  status: string | null | undefined,
  hasSubscription: boolean,
): string {
  const key = normalisedStatus(status);
  if (key === '') return hasSubscription ? 'Active' : 'No plan';
  return STATUS_LABELS[key] ?? status?.trim() ?? '';
}

/**
 * Badge tone: green for active, trialing, or no status but a subscription; orange for
 * past_due and incomplete (incomplete_expired too, since it reads "Incomplete"); else grey.
 */
export function subscriptionBadgeTone(
  status: string | null | undefined,
  hasSubscription: boolean,
): BadgeTone {
  const key = normalisedStatus(status);
  if (key === '') return hasSubscription ? 'green' : 'grey';
  if (key === 'active' || key === 'trialing') return 'green';
  if (key === 'past_due' || key === 'incomplete' || key === 'incomplete_expired') return 'orange';
  return 'grey';
}

export interface SubscriptionHealthInput {
  status?: string | null;
  cancel_at_period_end?: boolean | null;
  cancel_at?: string | number | null;
}

/** Healthy when active, trialing, or past_due without a pending cancellation. */
export function isMembershipHealthy(
  subscription: SubscriptionHealthInput | null | undefined,
): boolean {
  if (!subscription) return false;
  const key = normalisedStatus(subscription.status);
  if (key === 'active' || key === 'trialing') return true;
  if (key !== 'past_due') return false;
  const cancelPending =
    subscription.cancel_at_period_end === true ||
    (subscription.cancel_at !== null &&
      subscription.cancel_at !== undefined &&
      subscription.cancel_at !== '');
  return !cancelPending;
}

const EXTERNALLY_BILLED_VENDORS = new Set(['internal', 'skool']);

/** Internal and skool memberships are billed elsewhere: no inactive banner, no portal. */
export function isExternallyBilled(vendor: string | null | undefined): boolean {
  return EXTERNALLY_BILLED_VENDORS.has(vendor?.trim().toLowerCase() ?? '');
}

export function canOpenBillingPortal(details: {
  can_manage?: boolean | null;
  vendor?: string | null;
}): boolean {
  return details.can_manage === true && !isExternallyBilled(details.vendor);
}

/** Member status badge on the account card: active green, suspended orange, else grey. */
export function memberStatusTone(status: string | null | undefined): BadgeTone {
  const key = normalisedStatus(status);
  if (key === 'active') return 'green';
  if (key === 'suspended') return 'orange';
  return 'grey';
}

/**
 * Billing interval (§9): 'Yearly' for one year, '{count} {interval}' when the count is above
 * 1 (e.g. '3 month'), else the capitalised interval ('Month'). Null without an interval.
 */
export function intervalLabel(
  interval: string | null | undefined,
  count?: number | null,
): string | null {
  const unit = interval?.trim().toLowerCase();
  if (!unit) return null;
  const times = count ?? 1;
  if (times > 1) return `${times} ${unit}`;
  if (unit === 'year') return 'Yearly';
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}

/** Minor units (cents) as money: 5000, 'usd' → "$50.00". Null when the amount is missing. */
export function formatMinorUnits(
  amount: number | null | undefined,
  currency: string | null | undefined = 'USD',
): string | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const code = currency?.trim().toUpperCase() || 'USD';
  const format = (c: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(fromCents(amount));
  try {
    return format(code);
  } catch {
    return format('USD');
  }
}

export interface ProfileNameFields {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  email?: string | null;
}

/** Full name, else username, else email, else '' (callers pick the fallback). */
function givenName(profile: ProfileNameFields | null | undefined): string {
  const full = [profile?.first_name, profile?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return full || profile?.username?.trim() || profile?.email?.trim() || '';
}

/** Full name, else username, else email, else 'User'. */
export function displayName(profile: ProfileNameFields | null | undefined): string {
  return givenName(profile) || 'User';
}

/**
 * First letters of first and last name, else the first two letters of the display name,
 * else 'U' (a profile with no name at all shows 'U', not 'US' from the 'User' fallback).
 */
export function initials(profile: ProfileNameFields | null | undefined): string {
  const first = profile?.first_name?.trim() ?? '';
  const last = profile?.last_name?.trim() ?? '';
  if (first && last) return (firstChar(first) + firstChar(last)).toUpperCase();
  const name = givenName(profile);
  const letters = Array.from(name.replace(/\s+/g, '')).slice(0, 2).join('');
  return letters ? letters.toUpperCase() : 'U';
}

function firstChar(text: string): string {
  return Array.from(text)[0] ?? '';
}

export interface PermissionHolder {
  permissions?: readonly string[] | null;
  roles?: readonly { permissions?: readonly string[] | null }[] | null;
}

export const ALPHAORB_MANAGE = 'alphaorb.manage';

/** Held directly or through any role. */
export function hasPermission(
  profile: PermissionHolder | null | undefined,
  permission: string,
): boolean {
  if (!profile) return false;
  if (profile.permissions?.includes(permission)) return true;
  return profile.roles?.some((role) => role.permissions?.includes(permission)) ?? false;
}

const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/**
 * What a membership's period date means, for the row that shows it: the next renewal of a
 * renewing membership, or when one that will not renew ends or ended. A canceled membership
 * never shows a "renewal" (a date in the past read as "Next renewal October 24").
 */
export function renewalLabel(
  membership: { status: string | null | undefined; cancel_at_period_end?: boolean | null; renewal_date: string | null | undefined },
  now: Date,
  renewingLabel: string,
): string {
  const ended = ENDED_STATUSES.has((membership.status ?? '').toLowerCase());
  if (!ended && !membership.cancel_at_period_end) return renewingLabel;
  const end = membership.renewal_date ? Date.parse(membership.renewal_date) : Number.NaN;
  return Number.isFinite(end) && end <= now.getTime() ? 'Ended on' : 'Ends on';
}
