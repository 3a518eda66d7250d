import type { Page } from '@playwright/test';

type HistoryRow = { id: string; trade_date: string | null; source: string; stop_loss: string | number | null };

/**
 * The daily log address of a past linked trade of the demo member's that has a stop, opened on
 * that trade: it has an R and broker bars. The simulator's history of the practice account is
 * random and some of its trades have no stop, so opening the first trade of a day picked by
 * position alone sometimes showed a trade without an R ("share only as R" refused, no stop line).
 */
export async function linkedTradeWithStop(page: Page): Promise<{ date: string; path: string }> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('th_auth')!).access as string);
  const res = await page.request.get('/api/trades/order-history?per_page=100&page=2', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data } = (await res.json()) as { data: HistoryRow[] };
  const trade = data.find((row) => row.source === 'linked' && row.stop_loss !== null && row.trade_date !== null);
  if (!trade) throw new Error('No linked trade with a stop on the second page of the trade history');
  return { date: trade.trade_date!, path: `/tradedesk/day/${trade.trade_date}?trade=${trade.id}` };
}
