import { useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { displayValue, formatPnl, formatPrice, formatSide, formatSize, formatTradeTime, parseAmount, countOf } from '@th/domain';
import { TRADE_LOG_PAGE_SIZE, type Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Pager } from '@/components/pager';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useOrderHistory } from '../api/get-order-history';
import { describeFailure } from '../utils/errors';
import { EMPTY_FILTERS, TradeLogFilterForm, type TradeLogFilters } from './trade-log-filters';
import styles from './journal.module.css';
import { TimesNote } from '@/components/times-note';
import { TableWrap } from '@/components/table-wrap';

const COLUMNS = ['Instrument', 'Entry time', 'Exit time', 'Type', 'Side', 'Amount', 'Entry', 'Exit', 'Net P&L', 'Account'];

const clean = (filters: TradeLogFilters) =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value.trim() || undefined]));

const filtersOf = (params: URLSearchParams): TradeLogFilters =>
  Object.fromEntries(Object.keys(EMPTY_FILTERS).map((key) => [key, params.get(key) ?? ''])) as TradeLogFilters;

/** The applied filters and page as the address's query: only what is set, page 1 left out. */
function searchOf(filters: TradeLogFilters, page: number): Record<string, string> {
  const search = Object.fromEntries(Object.entries(clean(filters)).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return page > 1 ? { ...search, page: String(page) } : search;
}

/**
 * §2.5 Trading Log: filters, a page of 50 trades, and rows that open the day's log. The applied
 * filters and the page live in the address, so Back from a day returns to the same page of the
 * same filtered log (and a filtered log can be bookmarked).
 */
export function TradeLogPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = filtersOf(searchParams);
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState(applied);
  // The draft follows the address when it changes (Back, Forward, a link): adjusted while
  // rendering, as React recommends for state derived from a changing input.
  const [draftOf, setDraftOf] = useState(appliedKey);
  if (draftOf !== appliedKey) {
    setDraftOf(appliedKey);
    setDraft(applied);
  }
  const setPage = (next: number) => setSearchParams(searchOf(applied, next));
  const history = useOrderHistory({ per_page: TRADE_LOG_PAGE_SIZE, page, ...clean(applied) });
  const meta = history.data?.meta;
  const trades = history.data?.data ?? [];
  const busy = history.isFetching;
  const totalPages = meta?.total_pages ?? 1;
  const from = meta && meta.count > 0 ? (meta.page - 1) * meta.per_page + 1 : 0;
  const to = meta ? from + meta.count - Math.min(1, meta.count) : 0;

  const open = (trade: Trade) => trade.trade_date && navigate(paths.tradedeskDay(trade.trade_date, trade.id));
  const onKey = (event: KeyboardEvent, trade: Trade) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(trade);
    }
  };

  return (
    <>
      <Hero title="Trading Log" subtitle="Full history of synced trades with filtering and pagination controls." />
      <Card>
        <TradeLogFilterForm
          draft={draft}
          applied={applied}
          meta={meta}
          refreshing={busy && !history.isLoading}
          onChange={setDraft}
          onApply={() => setSearchParams(searchOf(draft, 1))}
          onReset={() => setSearchParams({})}
        />
      </Card>
      <Card>
        {history.isError && (
          <Alert tone="error">{describeFailure(history.error, 'Failed to load trades', 'Unable to load trades.')}</Alert>
        )}
        {history.isLoading ? (
          <Loading label="Loading trades…" />
        ) : trades.length === 0 ? (
          !history.isError && <p className="muted">No trades match the current filters.</p>
        ) : (
          <>
            <p className={styles.summary} aria-live="polite">
              Showing {from}–{to} of {countOf(meta?.total ?? 0, 'trade')}
            </p>
            <TableWrap label="Trades">
              <table className={`${styles.tradesTable} ${styles.tradeLogTable}`} aria-busy={busy}>
                <caption className="visually-hidden">Trades</caption>
                <thead>
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {trades.map((trade) => {
                    const net = parseAmount(trade.net_pnl);
                    const enabled = Boolean(trade.trade_date);
                    return (
                      <tr
                        key={trade.id}
                        className={enabled ? styles.tradeRow : `${styles.tradeRow} ${styles.isDisabled}`}
                        tabIndex={enabled ? 0 : undefined}
                        aria-disabled={enabled ? undefined : true}
                        onClick={() => open(trade)}
                        onKeyDown={(event) => onKey(event, trade)}
                        data-trade-id={trade.id}
                      >
                        <td>{trade.instrument}</td>
                        <td>{formatTradeTime(trade.entry_time)}</td>
                        <td>{formatTradeTime(trade.exit_time)}</td>
                        <td>{displayValue(trade.type)}</td>
                        <td>{formatSide(trade.side)}</td>
                        <td className="num">{formatSize(trade.quantity)}</td>
                        <td className="num">{formatPrice(trade.entry_price)}</td>
                        <td className="num">{formatPrice(trade.exit_price)}</td>
                        <td className={`num ${net === null ? '' : net < 0 ? 'negative' : 'positive'}`}>{formatPnl(trade.net_pnl)}</td>
                        <td className={styles.account}>{displayValue(trade.account_label)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
            <TimesNote />
          </>
        )}
        <Pager label="Trade log pages" page={meta?.page ?? page} totalPages={totalPages} onPage={setPage} busy={busy} align="end" />
      </Card>
    </>
  );
}
