import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoneyCompact, monthKeyOf, periodSummary, shiftMonth, TRADE_TIME_ZONE, type DaySummary, type MonthKey, countOf } from '@th/domain';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { useAfterPaint } from '@/lib/after-paint';
import { useDaySummaries } from '../api/get-day-summaries';
import { useOrderHistory } from '../api/get-order-history';
import { useRuleCompliance } from '../api/get-rule-compliance';
import { describeFailure } from '../utils/errors';
import { NO_JOURNAL_FILTER, tradeDeskMonthIn } from '../utils/tradedesk-calls';
import { tradeDeskMonth } from '../utils/tradedesk-month';
import { useEditMode } from '../utils/use-edit-mode';
import { useNarrowScreen } from '../utils/use-narrow-screen';
import { LatestTrades } from './latest-trades';
import { SyncButton } from './sync-button';
import { TradeCalendar } from './trade-calendar';
import { TradeDeskJournalFilters } from './tradedesk-journal-filters';
import styles from './journal.module.css';
import { preload, useLoaded } from '@/lib/use-loaded';
import type { ManualTradeDrawer as Drawer } from './manual-trade-drawer';

// The drawer (its dialog and form) is not needed to show the month: it loads on first use.
const loadManualTradeDrawer = () => import('./manual-trade-drawer');

function ManualTradeDrawer(props: ComponentProps<typeof Drawer>) {
  const loaded = useLoaded(loadManualTradeDrawer);
  return loaded && <loaded.ManualTradeDrawer {...props} />;
}

/**
 * §2.7 TradeDesk: month chips, account filter, Sync, + Trade, the calendar and latest trades;
 * `notices` (another feature's, e.g. Risk Manager locks) under the hero.
 */
export function TradeDeskPage({ notices }: { notices?: ReactNode } = {}) {
  const narrow = useNarrowScreen();
  const [search, setSearch] = useSearchParams();
  const month = tradeDeskMonthIn(search);
  // Replaced, not pushed: paging through months is not a trail for Back to retrace.
  const setMonth = (next: MonthKey) =>
    setSearch(
      (current) => {
        current.set('month', next);
        return current;
      },
      { replace: true },
    );
  // Enter or Escape in the month picker hands focus back to the month label it replaced.
  const { editing: picking, startEdit: pickMonth, leaveEdit: leavePicker, endEdit: closePicker, editButton: monthLabel } = useEditMode();
  const [accountId, setAccountId] = useState('');
  const [journalFilter, setJournalFilter] = useState(NO_JOURNAL_FILTER);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first "+ Trade" on, so closing keeps the dialog's own close behaviour.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const queries = useMemo(() => tradeDeskMonth(month, accountId, journalFilter), [month, accountId, journalFilter]);
  const { grid } = queries;

  const history = useOrderHistory(queries.history);
  const summaries = useDaySummaries(queries.summaries);
  // The notices, the rule marks, the filters' choices and the latest trades' outcomes follow the
  // month's figures: their calls start once the figures are on screen (lib/after-paint.ts).
  const painted = useAfterPaint(!summaries.isPending);
  // The whole grid's days in one call, as the summaries, on the account the filter shows.
  const ruleDays = useRuleCompliance(
    { from: grid.weeks[0]!.days[0]!.date, to: grid.weeks.at(-1)!.days.at(-1)!.date, accountId },
    painted,
  ).data;
  const byDate = useMemo(
    () => new Map<string, DaySummary>((summaries.data?.data ?? []).map((day) => [day.date, day])),
    [summaries.data],
  );
  const totals = useMemo(
    () =>
      periodSummary(
        grid.weeks.flatMap((week) => week.days.filter((day) => day.inMonth).map((day) => day.date)),
        byDate,
      ),
    [grid, byDate],
  );
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
        {/* Until the month's days arrive its totals are unknown, not zero: "0 trades" on a busy
            month read as lost trades on a slow connection. */}
        <ul className={styles.chips} aria-label={`${grid.label} totals`} aria-busy={summaries.isPending}>
          {summaries.isPending ? (
            <li className="chip">Loading {grid.label}…</li>
          ) : (
            <>
              <li className={`chip ${totals.net > 0 ? 'positive' : totals.net < 0 ? 'negative' : ''}`}>Net P/L {money(totals.net)}</li>
              <li className="chip">{countOf(totals.days, 'day')}</li>
              <li className="chip">{countOf(totals.trades, 'trade')}</li>
            </>
          )}
        </ul>
      </Hero>
      {painted && notices}
      <div className={styles.tradedeskControls}>
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
        <TradeDeskJournalFilters value={journalFilter} onChange={setJournalFilter} wanted={painted} />
        <Link className="btn btn-secondary" to={paths.playbooks}>
          Playbooks
        </Link>
        <SyncButton />
        <Button
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          onPointerEnter={() => void preload(loadManualTradeDrawer)}
          onFocus={() => void preload(loadManualTradeDrawer)}
        >
          + Trade
        </Button>
      </div>
      <Card className={styles.calendarCard}>
        <div className={styles.monthNav}>
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
              onBlur={closePicker}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== 'Escape') return;
                // Else the Enter also presses the month label once it has focus, reopening the picker.
                event.preventDefault();
                leavePicker();
              }}
            />
          ) : (
            <button
              ref={monthLabel}
              type="button"
              className={styles.monthLabel}
              onClick={pickMonth}
              aria-label={`${grid.label}, choose month`}
            >
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
        <TradeCalendar grid={grid} summaries={byDate} narrow={narrow} ruleDays={ruleDays} />
        {ruleDays && ruleDays.size > 0 && (
          <p className={`${styles.ruleLegend} muted`}>
            <span className={styles.rulesKept}>✓</span> Rules kept · <span className={styles.rulesBroken}>✕</span> Rules broken (Risk Manager)
          </p>
        )}
      </Card>
      <LatestTrades trades={history.data?.data} loading={history.isLoading} error={historyError} outcomes={painted} />
      {drawerUsed && (
        <ManualTradeDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          importedTypes={history.data?.meta.types}
          onCreated={onCreated}
        />
      )}
    </>
  );
}
