import type { LoaderFunctionArgs } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { dailyLogTradesParams } from '@/features/journal/utils/daily-log-calls';
import { hasValidToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/**
 * The daily log's loader, in the small `route-loaders` chunk (build/route-chunks.ts) so it runs
 * while the page's code is still loading: once the member is known to be let in, it starts the
 * day's trades, which the page then finds in flight (or answered). A trade named in the address
 * (`?trade=`) opens only once the list has it, so its chart waits for this call. The chart's own
 * call is left to the page: its endpoint comes with zod, which would fold the loader into a
 * chunk the home page loads. Not awaited: the page shows its own loading and error
 * states. A suspended member is sent away by the guard and calls nothing.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  // The page's own rule (parseDayParam): the first 10 characters of the parameter are the date.
  const trades = dailyLogTradesParams((params.date ?? '').trim().slice(0, 10));
  if (!trades) return null;
  const profile = await queryClient.ensureQueryData(profileQueryOptions()).catch(() => null);
  if (profile?.status !== 'active') return null;
  // The page's query of the day's trades signs the member out on an auth failure; the loader's
  // is the same query (same key), created here first, so it must carry that rule too.
  void queryClient.prefetchQuery(orderHistoryQueryOptions(trades, true));
  return null;
}
