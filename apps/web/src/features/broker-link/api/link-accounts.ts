import { useMutation } from '@tanstack/react-query';
import type { LinkAccountsBody, LinkAccountsResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

export const linkAccounts = (payload: LinkAccountsBody) =>
  api.post<LinkAccountsResponse | null>('/api/trading-accounts/link', payload);

/** `onLinked` refreshes whatever lists the member's accounts (the profile). */
export const useLinkAccounts = (onLinked: () => void) => useMutation({ mutationFn: linkAccounts, onSuccess: onLinked });
