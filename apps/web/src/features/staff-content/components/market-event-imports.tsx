import { useRef, type ChangeEvent } from 'react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '../utils/format';
import { useFetchFeed, useMarketEventImports, useUploadFeed } from '../api/market-events';
import { TableWrap } from '@/components/table-wrap';
import styles from './staff-content.module.css';
import { TableHead } from '@/components/table-head';

const TONES = { succeeded: 'green', failed: 'red', running: 'blue' } as const;

/** Load a week of the economic calendar from a file or the configured feed; see how it went. */
export function MarketEventImports() {
  const imports = useMarketEventImports();
  const upload = useUploadFeed();
  const fetchFeed = useFetchFeed();
  const fileInput = useRef<HTMLInputElement>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate({ file_name: file.name, content: await file.text() });
  };

  const answer = upload.data ?? fetchFeed.data;
  const failure = upload.error ?? fetchFeed.error;
  const feedUrl = imports.data?.meta.feed_url ?? null;

  return (
    <>
      <Card title="Import the calendar">
        <p>Upload a week in the feed's JSON format (title, country, date, impact, forecast, previous), or ask the configured feed now.</p>
        <div className="form-actions">
          <label className={`btn btn-primary ${styles.upload}`} aria-busy={upload.isPending || undefined}>
            {upload.isPending ? 'Importing…' : 'Upload feed file'}
            <input ref={fileInput} type="file" className="visually-hidden" accept="application/json,.json" aria-label="Feed file (JSON)" onChange={(e) => void pick(e)} />
          </label>
          <Button variant="secondary" busy={fetchFeed.isPending} busyLabel="Importing…" disabled={!feedUrl} onClick={() => fetchFeed.mutate()}>
            Import from feed now
          </Button>
        </div>
        <p className="field-hint">{feedUrl ? `Feed: ${feedUrl} (asked at most once an hour).` : 'No feed URL is configured (MARKET_EVENTS_FEED_URL); upload a file instead.'}</p>
        {answer && <Alert tone={answer.status === 'succeeded' ? 'success' : answer.status === 'failed' ? 'error' : 'warning'}>{answer.message}</Alert>}
        {failure && <Alert tone="error">{describeError(failure, 'Unable to import the calendar.')}</Alert>}
      </Card>
      <Card title="Recent imports">
        {imports.isPending ? (
          <Loading label="Loading imports…" />
        ) : imports.isError ? (
          <Alert tone="error">{describeError(imports.error, (status) => (status === null ? 'Unable to load the imports.' : `Failed to load imports (${status})`))}</Alert>
        ) : imports.data.data.length === 0 ? (
          <p className="muted">No imports yet.</p>
        ) : (
          <TableWrap label="Imports">
            <table className="data">
              <TableHead columns={['Started', 'Source', 'Status', 'Received', 'New', 'Updated', 'Removed', 'Error']} />
              <tbody>
                {imports.data.data.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.started_at)}</td>
                    <td>{row.source}</td>
                    <td>
                      <Badge tone={TONES[row.status]}>{row.status}</Badge>
                    </td>
                    <td>{row.received}</td>
                    <td>{row.inserted}</td>
                    <td>{row.updated}</td>
                    <td>{row.removed}</td>
                    <td>{row.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </Card>
    </>
  );
}
