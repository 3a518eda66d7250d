/**
 * Cache ownership (issue #21, item 7): a write to a member's trades, made from whichever screen,
 * refreshes every screen that shows them. Before, an import refreshed only the reports (TradeDesk
 * and the trade log stayed stale) and a manual trade did not refresh the reports.
 */
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardDaySummariesQueryOptions } from '@/features/dashboard/api/get-day-summaries';
import { dashboardLatestTradesQueryOptions } from '@/features/dashboard/api/get-latest-trades';
import { useCreateManualTrade } from '@/features/journal/api/create-manual-trade';
import { daySummariesQueryOptions } from '@/features/journal/api/get-day-summaries';
import { journalDayQueryOptions } from '@/features/journal/api/get-journal-day';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { performanceReportQueryOptions } from '@/features/reports/api/get-performance-report';
import { tradeAccountsQueryOptions } from '@/features/reports/api/get-trade-accounts';
import { useImportTrades } from '@/features/reports/api/import-trades';

/** Every query over the member's trades, as each screen asks for it. */
const screens: Record<string, QueryKey> = {
  'TradeDesk month': daySummariesQueryOptions({ from: '2026-11-01', to: '2026-11-30' }).queryKey,
  'trade log page': orderHistoryQueryOptions({ page: 1, per_page: 50 }).queryKey,
  'daily log': journalDayQueryOptions('2026-11-10').queryKey,
  'performance report': performanceReportQueryOptions({ from: null, to: null, accountId: '' }).queryKey,
  'report account filter': tradeAccountsQueryOptions().queryKey,
  'dashboard month': dashboardDaySummariesQueryOptions('2026-11-01', '2026-11-30').queryKey,
  'dashboard latest trades': dashboardLatestTradesQueryOptions().queryKey,
};

function cachedEverywhere() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(screens)) client.setQueryData(key, { data: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

const stale = (client: QueryClient) =>
  Object.entries(screens)
    .filter(([, key]) => !client.getQueryState(key)?.isInvalidated)
    .map(([screen]) => screen);

afterEach(() => vi.restoreAllMocks());

describe('a write to trades refreshes every screen that shows them', () => {
  it('after a CSV import', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ message: '2 trades imported.', data: { inserted: 2, duplicates: 0, invalid: 0 } }));
    const { client, wrapper } = cachedEverywhere();
    const { result } = renderHook(() => useImportTrades(), { wrapper });
    await act(() => result.current.mutateAsync({ csv: 'x', format: 'auto', timezone: 'America/Toronto' }));
    expect(stale(client)).toEqual([]);
  });

  it('after a manual trade', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ data: { id: 1 } }));
    const { client, wrapper } = cachedEverywhere();
    const { result } = renderHook(() => useCreateManualTrade(), { wrapper });
    await act(() => result.current.mutateAsync({} as Parameters<typeof result.current.mutateAsync>[0]));
    expect(stale(client)).toEqual([]);
  });

  it('the dashboard and the reports read the trade log and TradeDesk through the same cache entries', () => {
    expect(dashboardDaySummariesQueryOptions('2026-11-01', '2026-11-30').queryKey).toEqual(
      daySummariesQueryOptions({ from: '2026-11-01', to: '2026-11-30' }).queryKey,
    );
    expect(tradeAccountsQueryOptions().queryKey).toEqual(orderHistoryQueryOptions({ per_page: 1, page: 1 }).queryKey);
  });
});
