import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalTradeRequest } from '@th/contracts/journals';
import { journalEndpoints } from '@th/contracts/journals';
import { api } from '@/lib/api-client';
import { refreshAfterJournalSave } from '@/lib/trade-data';

export type SaveTradeEntryInput = { date: string; tradeId: string; entry: JournalTradeRequest };

export const saveTradeEntry = ({ date, tradeId, entry }: SaveTradeEntryInput) =>
  api.call(journalEndpoints.saveTradeEntry, { params: { date, tradeId }, body: entry });

/** Saving answers the whole day: it replaces that day's cached journal (and tags may have changed). */
export const useSaveTradeEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTradeEntry,
    onSuccess: (response, input) => refreshAfterJournalSave(queryClient, input.date, response),
  });
};
