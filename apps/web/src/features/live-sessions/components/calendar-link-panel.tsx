import { useId } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { useCreateCalendarLink } from '../api/create-calendar-link';
import styles from './live-sessions.module.css';

/**
 * 'Add to my calendar': a private, per-member feed of the schedule. Only a hash of the address
 * is kept, so each click issues a fresh one and the old one stops working.
 */
export function CalendarLinkPanel() {
  const create = useCreateCalendarLink();
  const fieldId = useId();
  const link = create.data;
  return (
    <section className={styles.calendarLink} aria-label="Add the schedule to your calendar">
      <Button
        variant="secondary"
        busy={create.isPending}
        busyLabel="Creating link…"
        onClick={() => create.mutate()}
      >
        {link ? 'Get a new calendar link' : 'Add to my calendar'}
      </Button>
      {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
      {link && (
        <div className={styles.calendarLinkResult}>
          <p>
            <a className="btn btn-primary btn-small" href={link.webcalUrl}>
              Subscribe in your calendar app
            </a>{' '}
            <a
              className="btn btn-secondary btn-small"
              href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(link.webcalUrl)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Add to Google Calendar
            </a>
          </p>
          <label htmlFor={fieldId}>Calendar address (keep it private)</label>
          <input
            id={fieldId}
            className={styles.calendarLinkUrl}
            readOnly
            value={link.httpsUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="muted">
            Sessions appear at their times in your own time zone. Getting a new link stops the old
            one from working.
          </p>
        </div>
      )}
    </section>
  );
}

function errorText(error: unknown): string {
  const fallback = 'Unable to create your calendar link.';
  return describeError(error, fallback);
}
