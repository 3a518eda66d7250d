import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const removeTradingAccount = (id: string) =>
  api.delete<{ message: string }>(`/api/trading-accounts/${encodeURIComponent(id)}`);

/** `onChanged` refreshes the profile, whose linked_accounts feed the tiles. */
export const useRemoveTradingAccount = (onChanged: () => void) =>
  useMutation({ mutationFn: removeTradingAccount, onSuccess: onChanged });
