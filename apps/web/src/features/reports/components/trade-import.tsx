import { useId, useState, type ChangeEvent } from 'react';
import {
  TRADE_IMPORT_MAX_BYTES,
  TRADE_IMPORT_TIME_ZONES,
  type TradeImportPreview,
  type TradeImportRequest,
} from '@th/contracts';
import { formatPnl, formatTradeTime, TRADE_TIME_ZONE } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { useImportTrades } from '../api/import-trades';
import { usePreviewTradeImport } from '../api/preview-trade-import';
import { ImportFormatHelp } from './import-format-help';
import { TimesNote } from '@/components/times-note';
import { TableWrap } from '@/components/table-wrap';
import styles from './reports.module.css';

/** Choose a CSV, preview every row with its errors, then import the new valid ones. */
export function TradeImport() {
  const id = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [format, setFormat] = useState<'auto' | 'generic' | 'mt5'>('auto');
  const [timezone, setTimezone] =
    useState<(typeof TRADE_IMPORT_TIME_ZONES)[number]>(TRADE_TIME_ZONE);
  const [accountLabel, setAccountLabel] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewTradeImport();
  const commit = useImportTrades();
  const request = (csv: string): TradeImportRequest => ({
    csv,
    format,
    timezone,
    account_label: accountLabel || undefined,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    preview.reset();
    commit.reset();
    setFileError(null);
    if (!chosen) return setFile(null);
    if (chosen.size > TRADE_IMPORT_MAX_BYTES) {
      setFile(null);
      return setFileError('The file is larger than 5 MB; split it and import the parts.');
    }
    setFile({ name: chosen.name, csv: await chosen.text() });
  };

  const data: TradeImportPreview | undefined = preview.data;
  return (
    <div className={styles.tradeImport}>
      <div className={styles.tradeImportForm}>
        <div className="field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) => setFormat(event.target.value as typeof format)}
          >
            <option value="auto">Detect from the header</option>
            <option value="generic">Generic (this page’s format)</option>
            <option value="mt5">MetaTrader 5 positions history</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-zone`}>Times without an offset are in</label>
          <select
            id={`${id}-zone`}
            value={timezone}
            onChange={(event) => setTimezone(event.target.value as typeof timezone)}
          >
            {TRADE_IMPORT_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone === 'Europe/Athens' ? 'Europe/Athens (most MetaTrader servers)' : zone}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>Account label</label>
          <input
            id={`${id}-label`}
            value={accountLabel}
            maxLength={80}
            placeholder="Imported"
            aria-describedby={`${id}-label-hint`}
            onChange={(event) => setAccountLabel(event.target.value)}
          />
          <p className="field-hint" id={`${id}-label-hint`}>
            Used for rows without an account column.
          </p>
        </div>
        <div className="form-actions">
          <Button
            variant="secondary"
            disabled={!file}
            busy={preview.isPending}
            busyLabel="Reading…"
            onClick={() => file && preview.mutate(request(file.csv))}
          >
            Preview
          </Button>
          <Button
            disabled={!file || !data || data.valid === 0}
            busy={commit.isPending}
            busyLabel="Importing…"
            onClick={() => file && commit.mutate(request(file.csv))}
          >
            {data ? `Import ${data.valid} ${data.valid === 1 ? 'trade' : 'trades'}` : 'Import'}
          </Button>
        </div>
      </div>
      {fileError && <Alert tone="error">{fileError}</Alert>}
      {preview.isError && (
        <Alert tone="error">{describeError(preview.error, 'Unable to read this file.')}</Alert>
      )}
      {commit.isError && (
        <Alert tone="error">{describeError(commit.error, 'Unable to import these trades.')}</Alert>
      )}
      {commit.data && <Alert tone="success">{commit.data.message}</Alert>}
      {data && !commit.data && (
        <>
          <p role="status">
            {file?.name}:{' '}
            {data.format === 'mt5' ? 'MetaTrader 5 positions history' : 'generic format'} ·{' '}
            {data.valid} new · {data.duplicates} already imported · {data.invalid} with errors
          </p>
          <TableWrap className={styles.tradeImportPreview} label="Import preview">
            <table>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Instrument</th>
                  <th scope="col">Side</th>
                  <th scope="col">Entry time</th>
                  <th scope="col" className="num">
                    Net P&amp;L
                  </th>
                  <th scope="col">Account</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr
                    key={row.line}
                    className={
                      row.errors.length ? styles.hasErrors : row.duplicate ? styles.duplicate : undefined
                    }
                  >
                    <td>{row.line}</td>
                    <td>{row.instrument ?? '—'}</td>
                    <td>{row.side?.toUpperCase() ?? '—'}</td>
                    <td>{row.entry_time ? formatTradeTime(row.entry_time) : '—'}</td>
                    <td className="num">{row.net_pnl === null ? '—' : formatPnl(row.net_pnl)}</td>
                    <td>{row.account_label ?? '—'}</td>
                    <td>
                      {row.errors.length
                        ? row.errors.join(' ')
                        : row.duplicate
                          ? 'Already imported'
                          : 'New'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <TimesNote />
        </>
      )}
      <ImportFormatHelp />
    </div>
  );
}
