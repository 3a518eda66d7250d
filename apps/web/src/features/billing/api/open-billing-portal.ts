import { useMutation } from '@tanstack/react-query';
import { billingEndpoints, type BillingPortalFlow } from '@th/contracts/billing';
import { api, describeError } from '@/lib/api-client';

const NO_PORTAL_URL = 'Stripe portal URL was not returned.';

/** The server answered without a portal URL (spec §8). */
class PortalUrlMissing extends Error {
  constructor() {
    super(NO_PORTAL_URL);
  }
}

/** Asks for a Stripe Billing Portal session and sends the browser there (spec §7). */
export async function openBillingPortal(flow: BillingPortalFlow = 'manage') {
  const body: { url?: string } | null = await api.call(billingEndpoints.openBillingPortal[flow]);
  if (!body?.url) throw new PortalUrlMissing();
  window.location.assign(body.url);
}

/** A failed portal opening in words: the server's message, else the spec's fallback. */
export function billingPortalFailure(error: unknown): string {
  return error instanceof PortalUrlMissing ? NO_PORTAL_URL : describeError(error, 'We could not open the Stripe billing portal.');
}

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
