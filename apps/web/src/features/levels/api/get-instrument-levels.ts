import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstrumentLevel } from '@th/contracts';
import { LEVELS_DEFAULT_LIMIT } from '@th/contracts/levels';
import { levelsEndpoints } from '@th/contracts/levels';
import { api } from '@/lib/api-client';

/** One date's levels, or the latest dates' without one. The list may come bare or under `data`. */
export async function getInstrumentLevels(
  date: string | null,
  signal?: AbortSignal,
): Promise<InstrumentLevel[]> {
  const body = await api.call(levelsEndpoints.getInstrumentLevels, {
    query: date ? { date } : { limit: LEVELS_DEFAULT_LIMIT },
    signal,
  });
  return Array.isArray(body) ? body : body.data;
}

export const instrumentLevelsQueryOptions = (date: string | null) =>
  queryOptions({
    queryKey: ['instrument-levels', date ?? 'latest'] as const,
    queryFn: ({ signal }) => getInstrumentLevels(date, signal),
    staleTime: 60_000,
  });

export const useInstrumentLevels = (date: string | null) =>
  useQuery(instrumentLevelsQueryOptions(date));
