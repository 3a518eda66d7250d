import { useMutation } from '@tanstack/react-query';
import { tradingAccountEndpoints } from '@th/contracts/broker';
import { api } from '@/lib/api-client';

export const removeTradingAccount = (id: string) =>
  api.call(tradingAccountEndpoints.removeTradingAccount, { params: { id } });

/** `onChanged` refreshes the profile, whose linked_accounts feed the tiles. */
export const useRemoveTradingAccount = (onChanged: () => void) =>
  useMutation({ mutationFn: removeTradingAccount, onSuccess: onChanged });
