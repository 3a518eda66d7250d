import type { LoaderFunctionArgs } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { daySummariesQueryOptions } from '@/features/journal/api/get-day-summaries';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { tradeDeskCalls, tradeDeskMonthIn } from '@/features/journal/utils/tradedesk-calls';
import { hasValidToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/**
 * TradeDesk's loader, in the small `route-loaders` chunk (build/route-chunks.ts) so it runs
 * while the page's code is still loading: it starts the month's two calls as soon as the member
 * is known to be let in, and the page then finds them in flight (or answered). Not awaited: the page shows its own loading and
 * error states. A suspended member is sent away by the guard and calls nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  // Worked out while the profile is still in flight: the page's first time-zone lookup loads the
  // browser's zone data (about 20 ms on a cold start), which would otherwise delay the calls.
  const { history, summaries } = tradeDeskCalls(tradeDeskMonthIn(new URL(request.url).searchParams), '');
  const profile = await queryClient.ensureQueryData(profileQueryOptions()).catch(() => null);
  if (profile?.status !== 'active') return null;
  void queryClient.prefetchQuery(orderHistoryQueryOptions(history));
  void queryClient.prefetchQuery(daySummariesQueryOptions(summaries));
  return null;
}
