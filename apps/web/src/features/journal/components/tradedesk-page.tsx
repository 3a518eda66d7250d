import { useMemo, useState } from 'react';
import { DateTime } from 'luxon';
import {
  formatMoneyCompact,
  monthGrid,
  monthKeyOf,
  periodSummary,
  shiftMonth,
  TRADE_TIME_ZONE,
  type DaySummary,
} from '@th/domain';
import { TRADEDESK_TRADE_LIMIT, type Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { useDaySummaries } from '../api/get-day-summaries';
import { useOrderHistory } from '../api/get-order-history';
import { describeFailure } from '../utils/errors';
import { useNarrowScreen } from '../utils/use-narrow-screen';
import { LatestTrades } from './latest-trades';
import { ManualTradeDrawer } from './manual-trade-drawer';
import { SyncButton } from './sync-button';
import { TradeCalendar } from './trade-calendar';
import './journal.css';

/** §2.7 TradeDesk: month chips, account filter, Sync, + Trade, the calendar and latest trades. */
export function TradeDeskPage() {
  const narrow = useNarrowScreen();
  const [month, setMonth] = useState(() => monthKeyOf(new Date())!);
  const [picking, setPicking] = useState(false);
  const [accountId, setAccountId] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const grid = monthGrid(month)!;
  const first = grid.weeks[0]!.days[0]!.date;
  const last = grid.weeks.at(-1)!.days[6]!.date;

  const history = useOrderHistory({
    limit: TRADEDESK_TRADE_LIMIT,
    per_page: TRADEDESK_TRADE_LIMIT,
    page: 1,
    account_id: accountId || undefined,
  });
  const summaries = useDaySummaries({ from: first, to: last, account_id: accountId || undefined });
  const byDate = useMemo(
    () => new Map<string, DaySummary>((summaries.data?.data ?? []).map((day) => [day.date, day])),
    [summaries.data],
  );
  const monthDates = grid.weeks.flatMap((week) => week.days.filter((day) => day.inMonth).map((day) => day.date));
  const totals = periodSummary(monthDates, byDate);
  const money = (value: number) => formatMoneyCompact(value, { signed: true, showSymbol: !narrow });

  const onCreated = (trade: Trade) => {
    const created = trade.trade_date ? monthKeyOf(DateTime.fromISO(trade.trade_date, { zone: TRADE_TIME_ZONE })) : null;
    if (created) setMonth(created);
  };

  const historyError = history.isError
    ? describeFailure(history.error, 'Failed to load order history', 'Unable to load trades.')
    : null;

  return (
    <>
      <Hero title="TradeDesk Journal" subtitle="Your trading days at a glance: open a day to journal it.">
        <ul className="chips" aria-label={`${grid.label} totals`}>
          <li className={`chip ${totals.net > 0 ? 'positive' : totals.net < 0 ? 'negative' : ''}`}>Net P/L {money(totals.net)}</li>
          <li className="chip">{totals.days} days</li>
          <li className="chip">{totals.trades} trades</li>
        </ul>
      </Hero>
      <div className="tradedesk-controls">
        <div className="field">
          <label htmlFor="tradedesk-account">Account</label>
          <select id="tradedesk-account" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
            <option value="">All accounts</option>
            {(history.data?.meta.accounts ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.label}
              </option>
            ))}
          </select>
        </div>
        <SyncButton />
        <Button onClick={() => setDrawerOpen(true)}>+ Trade</Button>
      </div>
      <Card className="tradedesk-calendar">
        <div className="month-nav">
          <Button variant="ghost" aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1) ?? month)}>
            ‹
          </Button>
          {picking ? (
            <input
              type="month"
              aria-label="Month"
              autoFocus
              value={month}
              onChange={(event) => event.target.value && setMonth(event.target.value)}
              onBlur={() => setPicking(false)}
              onKeyDown={(event) => (event.key === 'Enter' || event.key === 'Escape') && setPicking(false)}
            />
          ) : (
            <button type="button" className="month-label" onClick={() => setPicking(true)} aria-label={`${grid.label}, choose month`}>
              {grid.label}
            </button>
          )}
          <Button variant="ghost" aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1) ?? month)}>
            ›
          </Button>
        </div>
        {summaries.isError && (
          <Alert tone="error">{describeFailure(summaries.error, 'Failed to load order history', 'Unable to load trades.')}</Alert>
        )}
        <TradeCalendar grid={grid} summaries={byDate} narrow={narrow} />
      </Card>
      <LatestTrades trades={history.data?.data} loading={history.isLoading} error={historyError} />
      <ManualTradeDrawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        importedTypes={history.data?.meta.types}
        onCreated={onCreated}
      />
    </>
  );
}
