import { useMutation } from '@tanstack/react-query';
import type { BillingPortalFlow, BillingPortalResponse } from '@th/contracts';
import { api, ApiError } from '@/lib/api-client';

const PATHS: Record<BillingPortalFlow, string> = {
  manage: '/api/me/subscription/portal',
  update: '/api/me/subscription/portal/update',
  cancel: '/api/me/subscription/portal/cancel',
};

/** Asks for a Stripe Billing Portal session and sends the browser there (spec §7). */
export async function openBillingPortal(flow: BillingPortalFlow = 'manage') {
  let body: Partial<BillingPortalResponse> | null;
  try {
    body = await api.post<BillingPortalResponse>(PATHS[flow]);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      throw new Error(error.serverMessage ?? 'We could not open the Stripe billing portal.');
    }
    throw error;
  }
  if (!body?.url) throw new Error('Stripe portal URL was not returned.');
  window.location.assign(body.url);
}

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
