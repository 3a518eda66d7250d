import { useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from 'luxon';
import type { Notification } from '@th/contracts/notifications';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Pager } from '@/components/pager';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import styles from './notification-list.module.css';

const when = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat('LLL d, yyyy · h:mm a ZZZZ');

function Item({ item, timeZone }: { item: Notification; timeZone: string }) {
  const markRead = useMarkRead();
  const unread = item.read_at === null;
  return (
    <li className={unread ? `${styles.item} ${styles.unread}` : styles.item} aria-label={`${unread ? 'Unread: ' : ''}${item.title}`}>
      <div className={styles.text}>
        <h2 className={styles.title}>{item.title}</h2>
        <p className={styles.body}>{item.body}</p>
        <span className={styles.meta}>
          {when(item.created_at, timeZone)}
          {unread ? ' · Unread' : ''}
        </span>
        {markRead.isError && <Alert tone="error">{describeError(markRead.error, 'Could not mark it read. Please try again.')}</Alert>}
      </div>
      <div className={styles.actions}>
        {item.link && (
          <Link
            to={item.link}
            className="btn btn-secondary"
            onClick={() => unread && markRead.mutate(item.id)}
            aria-label={`Open: ${item.title}`}
          >
            Open
          </Link>
        )}
        {unread && (
          <Button
            variant="ghost"
            busy={markRead.isPending}
            busyLabel="Marking…"
            onClick={() => markRead.mutate(item.id)}
            aria-label={`Mark read: ${item.title}`}
          >
            Mark read
          </Button>
        )}
      </div>
    </li>
  );
}

/** The notification centre's list: newest first, 20 a page; times in the member's named zone. */
export function NotificationList({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markAll = useMarkAllRead();
  const unread = list.data?.meta.unread ?? 0;

  return (
    <section aria-label="Notifications">
      <div className={styles.toolbar}>
        <p role="status" className="muted">
          {list.data ? `${unread} unread · times in ${timeZone}` : ''}
        </p>
        <Button variant="secondary" onClick={() => markAll.mutate()} busy={markAll.isPending} busyLabel="Marking…" disabled={unread === 0}>
          Mark all read
        </Button>
      </div>
      {markAll.isError && <Alert tone="error">{describeError(markAll.error, 'Could not mark them read. Please try again.')}</Alert>}
      {list.isPending && <Loading label="Loading your notifications…" />}
      {list.isError && <Alert tone="error">{describeError(list.error, (status) => `Failed to load notifications (${status ?? 'no answer'})`)}</Alert>}
      {list.data && list.data.data.length === 0 && <p className="muted">No notifications yet. Reminders, live sessions, replays and bot events will show here.</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className={styles.list}>
          {list.data.data.map((item) => (
            <Item key={item.id} item={item} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.meta.has_more) && (
        <Pager label="Notification pages" page={page} hasNext={list.data.meta.has_more} onPage={setPage} previousLabel="Newer" nextLabel="Older" />
      )}
    </section>
  );
}
