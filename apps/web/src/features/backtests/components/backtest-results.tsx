import type { Backtest, BacktestResult } from '@th/contracts';
import { formatMoney, formatPercent, formatPnl, formatPrice, formatSize, sumAmounts } from '@th/domain';
import { BacktestStatsCards } from './backtest-stats';
import { BacktestTrades } from './backtest-trades';
import { EquityChart } from './equity-chart';
import styles from './backtests.module.css';

function compareWithHold(botPnl: number, holdPnl: number): string {
  const gap = sumAmounts([botPnl, -holdPnl]);
  if (gap === 0) return 'The bot and buy-and-hold ended level.';
  return gap > 0
    ? `The bot made ${formatMoney(gap)} more than buy-and-hold.`
    : `The bot made ${formatMoney(-gap)} less than buy-and-hold.`;
}

/** Stats, the equity curve against buy-and-hold, and every simulated trade. */
export function BacktestResults({ backtest, result }: { backtest: Backtest; result: BacktestResult }) {
  const hold = result.buy_and_hold;
  return (
    <section aria-labelledby="backtest-results-title">
      <h3 id="backtest-results-title" className={styles.subtitle}>
        Results: {backtest.instrument}, {backtest.from} to {backtest.to}
      </h3>
      {result.bars === 0 ? (
        <p className="muted">No one-minute bars were found for this range, so nothing could be simulated.</p>
      ) : (
        <>
          <BacktestStatsCards stats={result.stats} />
          <div className={styles.hold} aria-label="Comparison with buy-and-hold">
            <h4>Compared with buy-and-hold</h4>
            {hold ? (
              <>
                <p>
                  Holding {formatSize(hold.qty)} lots of {backtest.instrument} from {formatPrice(hold.entry_price)} to{' '}
                  {formatPrice(hold.exit_price)} made{' '}
                  <strong className={hold.pnl >= 0 ? styles.pnlPositive : styles.pnlNegative}>{formatPnl(hold.pnl)}</strong> (
                  {hold.return_pct > 0 ? '+' : ''}
                  {formatPercent(hold.return_pct, 2)}); the bot made{' '}
                  <strong className={result.stats.total_pnl >= 0 ? styles.pnlPositive : styles.pnlNegative}>
                    {formatPnl(result.stats.total_pnl)}
                  </strong>
                  .
                </p>
                <p className="muted">{compareWithHold(result.stats.total_pnl, hold.pnl)}</p>
              </>
            ) : (
              <p className="muted">No price data to compare with.</p>
            )}
          </div>
          <EquityChart equity={result.equity} hold={hold?.equity ?? []} instrument={backtest.instrument} timezone={backtest.timezone} />
          <BacktestTrades trades={result.trades} timezone={backtest.timezone} />
        </>
      )}
    </section>
  );
}
