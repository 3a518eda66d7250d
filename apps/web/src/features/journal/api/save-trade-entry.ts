import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalDayResponse, JournalTradeRequest } from '@th/contracts/journals';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export type SaveTradeEntryInput = { date: string; tradeId: string; entry: JournalTradeRequest };

export const saveTradeEntry = ({ date, tradeId, entry }: SaveTradeEntryInput) =>
  api.put<JournalDayResponse>(`/api/journals/days/${date}/trades/${encodeURIComponent(tradeId)}`, entry);

/** Saving answers the whole day: it replaces that day's cached journal. */
export const useSaveTradeEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTradeEntry,
    onSuccess: (response, input) => queryClient.setQueryData(tradeDataKeys.journalDay(input.date), response),
  });
};
