import type { LoaderFunctionArgs } from 'react-router';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { dailyLogTradesParams } from '@/features/journal/utils/daily-log-calls';
import { hasValidToken } from '@/lib/auth-storage';
import { early, startBeforeProfile } from '../calls-before-profile';

/**
 * The daily log's loader, in the small `route-loaders` chunk (build/route-chunks.ts) so it runs
 * while the page's code is still loading: it starts the day's trades with the stored token,
 * without waiting for the profile (calls-before-profile.ts), and the page then finds the call in
 * flight (or answered). A trade named in the address (`?trade=`) opens only once the list has
 * it, so its chart waits for this call. The chart's own call is left to the page: its endpoint
 * comes with zod, which would fold the loader into a chunk the home page loads. Not awaited:
 * the page shows its own loading and error states. A suspended member's call is refused by the
 * server, quietly, and the guard sends them away; the page's own query of the day's trades
 * keeps its rule (an auth failure signs the member out) for every later call.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  // The page's own rule (parseDayParam): the first 10 characters of the parameter are the date.
  const trades = dailyLogTradesParams((params.date ?? '').trim().slice(0, 10));
  if (!trades) return null;
  await startBeforeProfile([early(orderHistoryQueryOptions(trades, 'guard'))]);
  return null;
}
