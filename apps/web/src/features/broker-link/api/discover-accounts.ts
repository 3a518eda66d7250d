import { useMutation } from '@tanstack/react-query';
import type { DiscoverAccountsBody, DiscoverAccountsResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

/** Our server logs in at TradeLocker for the wizard, so the developer key never reaches the browser. */
export const discoverAccounts = (body: DiscoverAccountsBody) =>
  api.post<DiscoverAccountsResponse>('/api/trading-accounts/discover', body);

export const useDiscoverAccounts = () => useMutation({ mutationFn: discoverAccounts });
