import styles from './reports.module.css';

/** How every figure on the page is computed, in plain words. */
export function ReportDefinitions() {
  return (
    <details className={styles.definitions}>
      <summary>How these figures are computed</summary>
      <dl>
        <dt>Trades in the report</dt>
        <dd>
          Your manual, imported and synced trades (AlphaORB runs have their own screens) whose trade date falls in the period.
          The trade date is the Toronto calendar date of the exit, else of the entry: a trade closed in the evening counts on
          that day, not on the next day as it would by the UTC date. Trades without a net P&amp;L are left out.
        </dd>
        <dt>Win, loss, flat</dt>
        <dd>
          A win has a net P&amp;L (after commissions and fees) above zero, a loss below zero; a trade at exactly zero is flat and
          counts only as a trade. So a trade closed at its entry price is a loss of its fees, and one that just covered its fees is
          flat. Every trade in the report is a win, a loss or flat.
        </dd>
        <dt>Win rate</dt>
        <dd>Wins ÷ trades, as a percent with one decimal.</dd>
        <dt>Profit factor</dt>
        <dd>Gross wins ÷ |gross losses|. Shown as ∞ when there are wins and no losses, and — when there is nothing to divide.</dd>
        <dt>Expectancy per trade</dt>
        <dd>Win rate × average win − loss rate × |average loss|: what a trade earned on average (equal to net P&amp;L ÷ trades).</dd>
        <dt>Average win / average loss</dt>
        <dd>The mean net P&amp;L of the winning trades, and of the losing trades.</dd>
        <dt>Equity curve and drawdown</dt>
        <dd>
          Equity is the cumulative net P&amp;L at the close of each trading day. Drawdown is how far equity sits below its highest
          point so far (starting from zero). Max drawdown is the largest such fall, measured trade by trade in the order trades closed.
        </dd>
        <dt>Average R</dt>
        <dd>
          The mean R multiple of the trades whose risk is known: net P&amp;L ÷ (|entry − stop| × size × value per point), or
          the R recorded with the trade. Trades without a stop are left out.
        </dd>
        <dt>Streaks</dt>
        <dd>Consecutive wins or losses in the order trades closed (not the order they were opened); a flat trade ends a streak.</dd>
        <dt>Session, weekday, hour</dt>
        <dd>
          From the entry time (else the exit time) in Toronto time. Sessions: Asian Range 19:00–00:59, London 01:00–03:59, Early
          Premarket 04:00–08:39, Premarket 08:40–09:29, New York 09:30–15:59, After Hours 16:00–18:59.
        </dd>
        <dt>Journal breakdowns</dt>
        <dd>
          Emotions and the process checklist come from each trade’s journal entry; tags are the trade’s labels plus the tags of its
          day’s journal. “Not journaled” counts the trades without a journal entry.
        </dd>
        <dt>Rules compliance</dt>
        <dd>
          A Toronto trading day is “rules broken” when Risk Manager recorded a breach on any of your linked accounts that day
          (a warn-only rule too), and “rules kept” when rules protected at least one account that day and none was broken.
          Kept days count when they have trades in the report; a broken day always counts, with its net P&amp;L so far. Average
          per day is net P&amp;L ÷ days; winning days are those whose net P&amp;L is above zero, as a percent of the days.
        </dd>
      </dl>
    </details>
  );
}
