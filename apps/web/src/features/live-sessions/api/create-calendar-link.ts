import { useMutation } from '@tanstack/react-query';
import type { CalendarLink } from '@th/contracts';
import { liveSessionEndpoints } from '@th/contracts/live-sessions';
import { api } from '@/lib/api-client';

/** Issues a new private feed address; the previous one stops working. */
export async function createCalendarLink(): Promise<CalendarLink> {
  const body = await api.call(liveSessionEndpoints.createCalendarLink);
  return body.data;
}

export const useCreateCalendarLink = () => useMutation({ mutationFn: createCalendarLink });
