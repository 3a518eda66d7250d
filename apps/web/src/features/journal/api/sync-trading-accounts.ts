import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

// A 429 (every account synced in the last 3 minutes) comes back at once, as every 429 but the
// profile call's: the button shows the server's wait as its countdown.
export const syncTradingAccounts = () =>
  api.call(entryEndpoints.syncAccounts, { query: { respect_cooldown: '1' } });

export const useSyncTradingAccounts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTradingAccounts,
    onSuccess: () => invalidateTradeData(queryClient),
  });
};
