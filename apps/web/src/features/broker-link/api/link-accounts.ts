import { useMutation } from '@tanstack/react-query';
import type { LinkAccountsBody } from '@th/contracts';
import { tradingAccountEndpoints } from '@th/contracts/broker';
import { api } from '@/lib/api-client';

export const linkAccounts = (payload: LinkAccountsBody) =>
  api.call(tradingAccountEndpoints.linkAccounts, { body: payload });

/** `onLinked` refreshes whatever lists the member's accounts (the profile). */
export const useLinkAccounts = (onLinked: () => void) =>
  useMutation({ mutationFn: linkAccounts, onSuccess: onLinked });
