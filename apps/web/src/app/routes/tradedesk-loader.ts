import type { LoaderFunctionArgs } from 'react-router';
import { daySummariesQueryOptions } from '@/features/journal/api/get-day-summaries';
import { orderHistoryQueryOptions } from '@/features/journal/api/get-order-history';
import { tradeDeskCalls, tradeDeskMonthIn } from '@/features/journal/utils/tradedesk-calls';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { hasValidToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { early, startBeforeProfile } from '../calls-before-profile';

/**
 * How long, once the profile is in, the page waits for the month's answers before it shows
 * without them. They usually come within a few tens of milliseconds of the profile (issue #27):
 * showing the page in between drew its loading state only to draw it again with the figures, a
 * second render and commit of the whole page on the way to the figures. Slower answers still
 * get the page's own loading and error states. Only on the document's first load (no profile
 * yet), when nothing is on screen meanwhile: from another page, or paging months, the page
 * changes at once and shows the month's loading state as before.
 */
export const QUICK_MONTH_MS = 100;

/**
 * The month's two calls for a TradeDesk address (its `?month=`, all accounts), built with the
 * `guard` rule. The loader sends them; on the first page of a visit the router sends them before
 * it starts (router.tsx), and the loader finds them in flight.
 */
export function tradeDeskMonthCalls(url: URL) {
  const { history, summaries } = tradeDeskCalls(tradeDeskMonthIn(url.searchParams), '');
  return [early(orderHistoryQueryOptions(history, 'guard')), early(daySummariesQueryOptions(summaries, 'guard'))];
}

/**
 * TradeDesk's loader, imported by the router itself (in the entry), so it runs as the router
 * starts, while the page's code is still loading: it starts the month's two calls with the stored token,
 * without waiting for the profile (calls-before-profile.ts), and the page then finds them in
 * flight (or answered). On a first load it then waits for them up to QUICK_MONTH_MS, so that
 * the page renders once, with the figures. A suspended member's calls are refused by the server, quietly, and
 * the guard sends them away.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) return null;
  const firstLoad = queryClient.getQueryData(profileQueryOptions().queryKey) === undefined;
  const answers: Promise<unknown>[] = [];
  const started = tradeDeskMonthCalls(new URL(request.url)).map((call) => ({
    ...call,
    start: () => {
      const answer = call.start();
      answers.push(answer);
      return answer;
    },
  }));
  await startBeforeProfile(started);
  if (!firstLoad) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(answers), new Promise((resolve) => (timer = setTimeout(resolve, QUICK_MONTH_MS)))]);
  clearTimeout(timer);
  return null;
}
