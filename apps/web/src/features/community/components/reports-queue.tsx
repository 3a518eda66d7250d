import { useState } from 'react';
import { REPORT_REASON_NAMES, type ReportedPost, type RestrictionKind } from '@th/contracts/community';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Loading } from '@/components/loading';
import { RichTextView } from '@/components/rich-text-view';
import { describeError } from '@/lib/api-client';
import { useDeletePost } from '../api/delete-post';
import { useDismissReports } from '../api/dismiss-reports';
import { useReports, type ReportsView } from '../api/get-reports';
import { useHidePost } from '../api/hide-post';
import { RestrictDialog } from './restrict-dialog';
// A reported post is laid out as the channel shows posts; the queue adds its own parts.
import postStyles from './community.module.css';
import styles from './moderation.module.css';

type Action = 'hide' | 'unhide' | 'delete' | 'dismiss';
type Outcome = { ok: boolean; message: string };

const CONFIRM: Record<Action, { title: string; text: string; label: string; busy: string; tone: 'danger' | 'primary' }> = {
  hide: { title: 'Hide', text: 'Members will no longer see it anywhere in the community; its author sees it marked "Hidden by a moderator". The open reports are closed.', label: 'Hide', busy: 'Hiding…', tone: 'danger' },
  unhide: { title: 'Unhide', text: 'Members will see it again where it was posted.', label: 'Unhide', busy: 'Saving…', tone: 'primary' },
  delete: { title: 'Delete', text: 'It is deleted with its replies and reports. This cannot be undone.', label: 'Delete', busy: 'Deleting…', tone: 'danger' },
  dismiss: { title: 'Dismiss the reports on', text: 'The reports are closed and the post stays as it is.', label: 'Dismiss reports', busy: 'Dismissing…', tone: 'primary' },
};

/** One reported (or hidden) post: where, who wrote it, the reports, and staff's actions. */
function ReportedItem({ item, view, zone }: { item: ReportedPost; view: ReportsView; zone: string }) {
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [restricting, setRestricting] = useState<RestrictionKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const hide = useHidePost();
  const remove = useDeletePost();
  const dismiss = useDismissReports();
  const kind = item.post.parent_id === null ? 'post' : 'reply';
  const busy = hide.isPending || remove.isPending || dismiss.isPending;

  const act = (action: Action) => {
    const done = { onSuccess: () => setConfirming(null), onError: (error: unknown) => { setConfirming(null); setOutcome({ ok: false, message: describeError(error, `The ${kind} could not be changed. Try again.`) }); } };
    if (action === 'hide' || action === 'unhide') hide.mutate({ postId: item.post.id, hidden: action === 'hide' }, done);
    else if (action === 'delete') remove.mutate(item.post.id, done);
    else dismiss.mutate(item.post.id, done);
  };

  const confirm = confirming ? CONFIRM[confirming] : null;
  return (
    <article className={postStyles.post} aria-label={`Reported ${kind} by ${item.author.name}`}>
      <div className={postStyles.postHead}>
        <span className={postStyles.author}>{item.author.name}</span>
        <span className={postStyles.time}>{item.author.email}</span>
        <span className={postStyles.time}>
          {kind === 'post' ? 'Post' : 'Reply'} in #{item.channel.name}, {momentLabel(item.post.created_at, { zone })}
        </span>
        {item.post.hidden && <Badge tone="red">Hidden</Badge>}
      </div>
      <div className={styles.body}>
        <RichTextView html={item.post.body_html} empty={item.post.has_shared_trade ? '(a shared trade card)' : '(no text)'} />
      </div>
      {item.reports.length > 0 && (
        <ul className={styles.reports} aria-label="Reports">
          {item.reports.map((report) => (
            <li key={report.reporter.id}>
              <strong>{REPORT_REASON_NAMES[report.reason]}</strong> — {report.reporter.name}, {momentLabel(report.created_at, { zone })}
              {report.note && <q className={styles.note}>{report.note}</q>}
            </li>
          ))}
        </ul>
      )}
      {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
      <div className={styles.actions} role="group" aria-label="Moderation">
        {item.post.hidden ? (
          <Button variant="secondary" onClick={() => setConfirming('unhide')}>
            Unhide {kind}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming('hide')}>
            Hide {kind}
          </Button>
        )}
        <Button variant="ghost" onClick={() => setConfirming('delete')}>
          Delete {kind}
        </Button>
        {view === 'open' && (
          <Button variant="ghost" onClick={() => setConfirming('dismiss')}>
            Dismiss reports
          </Button>
        )}
        <Button variant="ghost" onClick={() => setRestricting('muted')}>
          Mute author
        </Button>
        <Button variant="ghost" onClick={() => setRestricting('suspended')}>
          Suspend author
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirm ? `${confirm.title} ${item.author.name}'s ${kind}` : ''}
        description={confirm ? `${confirm.text} Recorded in the staff audit log.` : ''}
        confirmLabel={confirm?.label ?? ''}
        busyLabel={confirm?.busy ?? ''}
        tone={confirm?.tone}
        busy={busy}
        onConfirm={() => confirming && act(confirming)}
      />
      {(['muted', 'suspended'] as const).map((kind) => (
        <RestrictDialog
          key={kind}
          member={item.author}
          kind={kind}
          open={restricting === kind}
          onOpenChange={(open) => !open && setRestricting(null)}
          onDone={setOutcome}
        />
      ))}
    </article>
  );
}

/** Staff's queue of reported posts (longest waiting first), and the posts moderators hid. */
export function ReportsQueue({ zone }: { zone: string }) {
  const [view, setView] = useState<ReportsView>('open');
  const reports = useReports(view);
  return (
    <>
      <div className={styles.views} role="group" aria-label="Show">
        <Button variant={view === 'open' ? 'primary' : 'secondary'} aria-pressed={view === 'open'} onClick={() => setView('open')}>
          Open reports
        </Button>
        <Button variant={view === 'hidden' ? 'primary' : 'secondary'} aria-pressed={view === 'hidden'} onClick={() => setView('hidden')}>
          Hidden posts
        </Button>
      </div>
      {reports.isPending ? (
        <Loading label="Loading reports…" />
      ) : reports.isError ? (
        <Alert tone="error">{describeError(reports.error, (status) => `Failed to load reports (${status ?? 'no answer'}).`)}</Alert>
      ) : reports.data.data.length === 0 ? (
        <p className="muted">{view === 'open' ? 'No open reports.' : 'No hidden posts.'}</p>
      ) : (
        <ul className={postStyles.posts}>
          {reports.data.data.map((item) => (
            <li key={item.post.id}>
              <ReportedItem item={item} view={view} zone={zone} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
