import { DATA_EXPORT_TTL_DAYS } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useDownloadDataExport } from '../api/download-data-export';
import { useDataExports } from '../api/list-data-exports';
import { useRequestDataExport } from '../api/request-data-export';
import styles from './data-rights.module.css';
import { archiveName, momentIn, sizeText, STATUS_LABEL } from './format';

/** "Download my data": ask for an archive, watch it being built, download it signed in. */
export function DataExportCard({ timeZone }: { timeZone: string }) {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const latest = exports.data?.[0];
  const building = latest && (latest.status === 'queued' || latest.status === 'running' || latest.status === 'failed');

  return (
    <Card title="Download my data" aria-label="Download my data">
      <p className={styles.lead}>
        One ZIP file with everything your account holds, as JSON files, and your trades as a CSV file you can import again:
      </p>
      <ul className={styles.list}>
        <li>your profile, membership and billing history</li>
        <li>linked trading accounts (never their passwords or tokens)</li>
        <li>every trade, journal day and trade note</li>
        <li>AlphaORB bots, their runs and orders, and your backtests</li>
        <li>course progress and your uploads</li>
      </ul>
      <p className={styles.lead}>
        We e-mail you when it is ready. The download works for {DATA_EXPORT_TTL_DAYS} days, only when you are signed in.
      </p>
      {exports.isPending && <Loading label="Loading your downloads…" />}
      {exports.isError && <Alert tone="error">{describeError(exports.error, 'Unable to load your downloads.')}</Alert>}
      {latest && building && (
        <div className={styles.progress}>
          <label htmlFor="data-export-progress">
            {latest.status === 'failed' ? 'Preparing your data failed; it is tried again automatically.' : 'Preparing your data…'}
          </label>
          <progress id="data-export-progress" max={100} value={latest.progress}>
            {latest.progress}%
          </progress>
          <span aria-hidden="true">{latest.progress}%</span>
        </div>
      )}
      {latest?.status === 'ready' && latest.expires_at && (
        <div className={styles.status}>
          <Badge tone="green">Ready</Badge>
          <span>
            {sizeText(latest.size)} · expires {momentIn(latest.expires_at, timeZone)}
          </span>
        </div>
      )}
      {latest?.status === 'expired' && <p className={styles.lead}>Your last download has expired. Request a new copy.</p>}
      {request.isError && <Alert tone="error">{describeError(request.error, 'Unable to request your data. Please try again.')}</Alert>}
      {/* "Being prepared" is said until that very archive is ready; then its Ready badge speaks. */}
      {request.isSuccess && !(latest?.id === request.data.data.id && latest.status === 'ready') && (
        <Alert tone="success">{request.data.message}</Alert>
      )}
      {download.isError && <Alert tone="error">{describeError(download.error, 'Unable to download your data. Please try again.')}</Alert>}
      <div className={styles.actions}>
        {latest?.status === 'ready' && (
          <Button
            busy={download.isPending}
            busyLabel="Downloading…"
            onClick={() => download.mutate({ exportId: latest.id, filename: archiveName(latest, timeZone) })}
          >
            Download ZIP
          </Button>
        )}
        <Button
          variant={latest?.status === 'ready' ? 'secondary' : 'primary'}
          busy={request.isPending}
          busyLabel="Requesting…"
          disabled={!!building}
          onClick={() => request.mutate()}
        >
          Request a copy of my data
        </Button>
      </div>
      {exports.data && exports.data.length > 1 && (
        <details>
          <summary>Earlier requests</summary>
          <ul className={styles.history}>
            {exports.data.slice(1).map((row) => (
              <li key={row.id}>
                <span>{momentIn(row.created_at, timeZone)}</span>
                <span>{STATUS_LABEL[row.status]}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
