import { useMutation } from '@tanstack/react-query';
import { billingEndpoints, type BillingPortalFlow } from '@th/contracts/billing';
import { api, ApiError, describeError } from '@/lib/api-client';

/** Asks for a Stripe Billing Portal session and sends the browser there (spec §7). */
export async function openBillingPortal(flow: BillingPortalFlow = 'manage') {
  let body: { url?: string } | null;
  try {
    body = await api.call(billingEndpoints.openBillingPortal[flow]);
  } catch (error) {
    // A 401 keeps its own handling (the session ends); a network failure keeps its own words.
    if (error instanceof ApiError && error.status !== 401) {
      throw new Error(describeError(error, 'We could not open the Stripe billing portal.'));
    }
    throw error;
  }
  if (!body?.url) throw new Error('Stripe portal URL was not returned.');
  window.location.assign(body.url);
}

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
