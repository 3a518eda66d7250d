import type { LoaderFunctionArgs } from 'react-router';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { tradeChartQueryOptions } from '@/features/journal/api/get-trade-chart';
import { loadChartLibrary } from '@/features/journal/utils/chart-library';
import { dailyLogTradesParams } from '@/features/journal/utils/daily-log-calls';
import { hasValidToken } from '@/lib/auth-storage';
import { early, startBeforeProfile } from '../calls-before-profile';

/**
 * The daily log's loader, in the small `route-loaders` chunk (build/route-chunks.ts) so it runs
 * while the page's code is still loading: it starts the day's trades with the stored token,
 * without waiting for the profile (calls-before-profile.ts), and the page then finds the call in
 * flight (or answered). A trade named in the address (`?trade=`) opens once the list has it; its
 * chart's call (at the 1-minute timeframe TradeChart opens with) and the drawing library start
 * here too, so they no longer wait for the list and the page's render (issue #24). The chart's
 * endpoint is declared zod-free (`@th/contracts/client`), so the loader's chunk stays without
 * schemas. Not awaited: the page shows its own loading and error states. A suspended member's
 * calls are refused by the server, quietly, and the guard sends them away; the page's own
 * queries keep their rules (an auth failure signs the member out) for every later call.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  // The page's own rule (parseDayParam): the first 10 characters of the parameter are the date.
  const trades = dailyLogTradesParams((params.date ?? '').trim().slice(0, 10));
  if (!trades) return null;
  const calls = [early(orderHistoryQueryOptions(trades, 'guard'))];
  const named = new URL(request.url).searchParams.get('trade');
  if (named) {
    calls.push(early(tradeChartQueryOptions(named, '1', 'guard')));
    void loadChartLibrary();
  }
  await startBeforeProfile(calls);
  return null;
}
