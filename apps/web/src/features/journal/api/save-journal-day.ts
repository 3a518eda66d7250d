import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalDayRequest } from '@th/contracts/journals';
import { journalEndpoints } from '@th/contracts/journals';
import { api } from '@/lib/api-client';
import { refreshAfterJournalSave } from '@/lib/trade-data';

export const saveJournalDay = (date: string, body: JournalDayRequest) =>
  api.call(journalEndpoints.saveJournalDay, { params: { date }, body });

export const useSaveJournalDay = (date: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JournalDayRequest) => saveJournalDay(date, body),
    onSuccess: (response) => refreshAfterJournalSave(queryClient, date, response),
  });
};
