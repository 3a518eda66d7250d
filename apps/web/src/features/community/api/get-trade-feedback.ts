import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getTradeFeedback = (tradeId: string, signal?: AbortSignal) => api.call(communityEndpoints.getTradeFeedback, { params: { tradeId }, signal });

export const tradeFeedbackQueryOptions = (tradeId: string) =>
  queryOptions({ queryKey: communityKeys.tradeFeedback(tradeId), queryFn: ({ signal }) => getTradeFeedback(tradeId, signal) });

export const useTradeFeedback = (tradeId: string) => useQuery(tradeFeedbackQueryOptions(tradeId));
