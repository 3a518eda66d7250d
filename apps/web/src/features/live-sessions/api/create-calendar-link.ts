import { useMutation } from '@tanstack/react-query';
import type { CalendarLink, CalendarLinkResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

/** Issues a new private feed address; the previous one stops working. */
export async function createCalendarLink(): Promise<CalendarLink> {
  const body = await api.post<CalendarLinkResponse>('/api/live-sessions/calendar-link');
  return body.data;
}

export const useCreateCalendarLink = () => useMutation({ mutationFn: createCalendarLink });
