import { entryEndpoints } from '@th/contracts/client';
import { tradeDeskCalls, tradeDeskMonthIn } from '@/features/journal/utils/tradedesk-calls';
import { apiUrl } from '@/lib/api-url';
import { accessToken } from '@/lib/auth-storage';
import { sendFirstCalls } from '@/lib/first-calls';

/**
 * TradeDesk's first calls for a document's address: the profile and the month's two calls, as the
 * router's first-page step and the loader ask for them (router.tsx, routes/tradedesk-loader.ts).
 */
export function tradeDeskFirstCalls(url: URL): string[] {
  const { history, summaries } = tradeDeskCalls(tradeDeskMonthIn(url.searchParams), '');
  return [
    apiUrl(entryEndpoints.getProfile.path),
    apiUrl(entryEndpoints.getOrderHistory.path, history),
    apiUrl(entryEndpoints.getDaySummaries.path, summaries),
  ];
}

/*
 * The script itself (build/first-calls.ts bundles this file alone; the server names it in
 * TradeDesk's document, async, before the entry). On a warm load the calls left 45 ms after the
 * document, once the entry had been compiled and evaluated up to the router; on an empty cache
 * once the entry's 98 KB had arrived and run (issue #27). Without a stored sign-in it asks nothing.
 */
export function start() {
  const token = accessToken();
  if (token) sendFirstCalls(tradeDeskFirstCalls(new URL(window.location.href)), token);
}
