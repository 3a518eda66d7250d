import { useMutation } from '@tanstack/react-query';
import { tradingAccountEndpoints } from '@th/contracts/broker';
import { api } from '@/lib/api-client';

export type TradingAccountStatus = 'active' | 'disabled';

export const updateTradingAccount = ({
  id,
  status,
}: {
  id: string;
  status: TradingAccountStatus;
}) =>
  api.call(tradingAccountEndpoints.updateTradingAccount, {
    params: { id },
    body: {
      status,
    },
  });

/** `onChanged` refreshes the profile, whose linked_accounts feed the tiles. */
export const useUpdateTradingAccount = (onChanged: () => void) =>
  useMutation({ mutationFn: updateTradingAccount, onSuccess: onChanged });
