import styles from './reports.module.css';

/** The documented CSV formats (also in docs/trade-import.md). */
export function ImportFormatHelp() {
  return (
    <details className={styles.definitions}>
      <summary>CSV formats the import reads</summary>
      <h4>Generic format</h4>
      <p>
        A header row, then one trade per row; comma, semicolon or tab separated; column order does not matter and names ignore
        case. Required: <code>instrument</code>, <code>side</code> (buy/sell or long/short), <code>entry_time</code> and{' '}
        <code>net_pnl</code>. Optional: <code>id</code>, <code>type</code>, <code>quantity</code>, <code>exit_time</code>,{' '}
        <code>entry_price</code>, <code>exit_price</code>, <code>stop_loss</code>, <code>take_profit</code>, <code>fee</code>,{' '}
        <code>swap</code>, <code>gross_pnl</code>, <code>account</code>, <code>account_identifier</code>, <code>notes</code>. The trade
        log export writes exactly this format.
      </p>
      <pre className={styles.code}>
        {`instrument,side,entry_time,exit_time,quantity,entry_price,exit_price,stop_loss,net_pnl,account
NAS100,buy,2026-01-05 09:35,2026-01-05 09:50,2,21000,21060.25,20990,120.50,Prop
XAUUSD,sell,2026-01-05T22:30:00-05:00,2026-01-06T00:10:00-05:00,0.5,2650.1,2646.1,,200,Prop`}
      </pre>
      <p>
        Times: ISO 8601 with an offset (or Z) as written; without an offset (<code>2026-01-05 09:35</code>) they are read in the
        time zone you choose. Amounts use a dot for decimals.
      </p>
      <h4>MetaTrader 5 positions history</h4>
      <p>
        The Positions table of the MT5 history report saved as CSV, with the columns Time, Position, Symbol, Type, Volume, Price,
        S / L, T / P, Time, Price, Commission, Swap, Profit. Net P&amp;L is Profit + Commission + Swap; a stop or target of 0
        means none. MT5 writes times in the broker server’s zone, often Europe/Athens.
      </p>
      <h4>Duplicates</h4>
      <p>
        Each row has an import key: its <code>id</code> (the MT5 position number), else a fingerprint of instrument, side,
        times, size, prices and net P&amp;L. A row already imported under the same account label is skipped, so importing the
        same file twice adds nothing. Imported trades can be deleted like manual trades.
      </p>
    </details>
  );
}
