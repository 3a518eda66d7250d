import type { LoaderFunctionArgs } from 'react-router';
import { daySummariesQueryOptions } from '@/features/journal/api/get-day-summaries';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { tradeDeskCalls, tradeDeskMonthIn } from '@/features/journal/utils/tradedesk-calls';
import { hasValidToken } from '@/lib/auth-storage';
import { early, startBeforeProfile } from '../calls-before-profile';

/**
 * TradeDesk's loader, imported by the router itself (in the entry), so it runs as the router
 * starts, while the page's code is still loading: it starts the month's two calls with the stored token,
 * without waiting for the profile (calls-before-profile.ts), and the page then finds them in
 * flight (or answered). Not awaited: the page shows its own loading and error states. A
 * suspended member's calls are refused by the server, quietly, and the guard sends them away.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  const { history, summaries } = tradeDeskCalls(tradeDeskMonthIn(new URL(request.url).searchParams), '');
  await startBeforeProfile([early(orderHistoryQueryOptions(history, 'guard')), early(daySummariesQueryOptions(summaries, 'guard'))]);
  return null;
}
