import { useMutation } from '@tanstack/react-query';
import type { DiscoverAccountsBody } from '@th/contracts';
import { tradingAccountEndpoints } from '@th/contracts/broker';
import { api } from '@/lib/api-client';

/** Our server logs in at TradeLocker for the wizard, so the developer key never reaches the browser. */
export const discoverAccounts = (body: DiscoverAccountsBody) =>
  api.call(tradingAccountEndpoints.discoverAccounts, { body });

export const useDiscoverAccounts = () => useMutation({ mutationFn: discoverAccounts });
