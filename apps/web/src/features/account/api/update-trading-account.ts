import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TradingAccountStatus = 'active' | 'disabled';

export const updateTradingAccount = ({ id, status }: { id: string; status: TradingAccountStatus }) =>
  api.patch<{ status: TradingAccountStatus; updated_at: string }>(`/api/trading-accounts/${encodeURIComponent(id)}`, {
    status,
  });

/** `onChanged` refreshes the profile, whose linked_accounts feed the tiles. */
export const useUpdateTradingAccount = (onChanged: () => void) =>
  useMutation({ mutationFn: updateTradingAccount, onSuccess: onChanged });
