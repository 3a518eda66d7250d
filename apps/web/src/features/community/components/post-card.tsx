import { useState } from 'react';
import { REACTION_EMOJI, REACTION_NAMES, REACTIONS, type CommunityPost, type Reaction } from '@th/contracts/community';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RichTextEditor } from '@/components/rich-text-editor';
import { RichTextView } from '@/components/rich-text-view';
import { describeError } from '@/lib/api-client';
import { useDeletePost } from '../api/delete-post';
import { useEditPost } from '../api/edit-post';
import { useFindPeople } from '../api/get-mentionable';
import { useReplies } from '../api/get-replies';
import { usePinPost } from '../api/pin-post';
import { useToggleReaction } from '../api/toggle-reaction';
import { PostComposer } from './post-composer';
import { PostImages } from './post-images';
import { ReportDialog } from './report-dialog';
import { SharedTradeCard } from './shared-trade-card';
import styles from './community.module.css';

type Props = {
  post: CommunityPost;
  channelSlug: string;
  /** The member's named zone: post times are shown in it. */
  zone: string;
  staff: boolean;
  canPost: boolean;
  /** A thread opened from a link (search, mentor feedback, a mention) shows its replies at once. */
  openThread?: boolean;
};

function Reactions({ post }: { post: CommunityPost }) {
  const toggle = useToggleReaction();
  const counts = new Map(post.reactions.map((r) => [r.reaction, r]));
  return (
    <div className={styles.actions} role="group" aria-label="Reactions">
      {REACTIONS.map((reaction: Reaction) => {
        const count = counts.get(reaction);
        return (
          <button
            key={reaction}
            type="button"
            className={styles.reaction}
            aria-pressed={count?.mine ?? false}
            aria-label={`${REACTION_NAMES[reaction]}: ${count?.count ?? 0}`}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ postId: post.id, reaction })}
          >
            <span aria-hidden="true">{REACTION_EMOJI[reaction]}</span> {count?.count ?? 0}
          </button>
        );
      })}
    </div>
  );
}

/** One post or reply: author (a staff reply marked "Mentor reply"), time, text, images, shared trade, reactions and the member's actions. */
export function PostCard({ post, channelSlug, zone, staff, canPost, openThread = false }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body_html);
  const [threadOpen, setThreadOpen] = useState(openThread);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState<{ ok: boolean; message: string } | null>(null);
  const edit = useEditPost();
  const findPeople = useFindPeople(channelSlug);
  const remove = useDeletePost();
  const pin = usePinPost();
  const reply = post.parent_id !== null;
  const replies = useReplies(post.id, threadOpen && !reply);
  const kind = reply ? 'reply' : 'post';

  const save = async () => {
    setFailure(null);
    try {
      await edit.mutateAsync({ postId: post.id, bodyHtml: draft });
      setEditing(false);
    } catch (error) {
      setFailure(describeError(error, `Your ${kind} could not be saved. Try again.`));
    }
  };

  return (
    <article className={[styles.post, post.pinned ? styles.pinned : ''].filter(Boolean).join(' ')} aria-label={`${reply ? 'Reply' : 'Post'} by ${post.author.name}`}>
      <div className={styles.postHead}>
        <span className={styles.author}>{post.author.name}</span>
        {post.mentor && reply && <Badge tone="blue">Mentor reply</Badge>}
        {post.mentor && !reply && <Badge tone="blue">Mentor</Badge>}
        {post.pinned && <Badge tone="orange">Pinned</Badge>}
        {post.hidden && <Badge tone="red">Hidden by a moderator</Badge>}
        <time className={styles.time} dateTime={post.created_at}>
          {momentLabel(post.created_at, { zone })}
        </time>
        {post.edited_at && <span className={styles.time}>(edited)</span>}
      </div>
      {editing ? (
        <div className={styles.form}>
          <RichTextEditor label={`Edit your ${kind}`} initialHtml={post.body_html} onChange={setDraft} autoFocus findPeople={findPeople} />
          <div className={styles.actions}>
            <Button onClick={() => void save()} busy={edit.isPending} busyLabel="Saving…">
              Save
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        post.body_html && (
          <div className={styles.body}>
            <RichTextView html={post.body_html} empty="" mentions />
          </div>
        )
      )}
      <PostImages images={post.images} author={post.author.name} />
      {post.shared_trade && <SharedTradeCard card={post.shared_trade} />}
      {failure && <Alert tone="error">{failure}</Alert>}
      {reported && <Alert tone={reported.ok ? 'success' : 'warning'}>{reported.message}</Alert>}
      <Reactions post={post} />
      <div className={styles.actions}>
        {!reply && (
          <Button variant="secondary" aria-expanded={threadOpen} onClick={() => setThreadOpen((open) => !open)}>
            {threadOpen ? 'Hide replies' : post.reply_count === 1 ? '1 reply' : `${post.reply_count} replies`}
          </Button>
        )}
        {post.mine && !editing && (
          <Button variant="ghost" onClick={() => { setDraft(post.body_html); setEditing(true); }}>
            Edit
          </Button>
        )}
        {/* Staff remove anyone's post (moderation, recorded in the staff audit log). */}
        {(post.mine || staff) && !editing && (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
        {!post.mine && (
          <Button variant="ghost" onClick={() => setReporting(true)}>
            Report
          </Button>
        )}
        {staff && !reply && (
          <Button
            variant="ghost"
            busy={pin.isPending}
            busyLabel="Saving…"
            onClick={() => pin.mutate({ postId: post.id, pinned: !post.pinned }, { onError: (error) => setFailure(describeError(error, 'The post could not be pinned.')) })}
          >
            {post.pinned ? 'Unpin' : 'Pin'}
          </Button>
        )}
      </div>
      {threadOpen && !reply && (
        <>
          {replies.isError && <Alert tone="error">{describeError(replies.error, 'Failed to load replies.')}</Alert>}
          {replies.data && replies.data.data.length > 0 && (
            <ul className={styles.replies} aria-label="Replies">
              {replies.data.data.map((item) => (
                <li key={item.id}>
                  <PostCard post={item} channelSlug={channelSlug} zone={zone} staff={staff} canPost={canPost} />
                </li>
              ))}
            </ul>
          )}
          {canPost && <PostComposer channelSlug={channelSlug} parentId={post.id} label={`Reply to ${post.author.name}`} submitLabel="Reply" />}
        </>
      )}
      {!post.mine && <ReportDialog postId={post.id} kind={kind} author={post.author.name} open={reporting} onOpenChange={setReporting} onDone={setReported} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${kind}`}
        description={post.mine ? `Delete this ${kind}? This cannot be undone.` : `Delete ${post.author.name}'s ${kind} as a moderator? This cannot be undone and is recorded in the staff audit log.`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => setConfirming(false),
            onError: (error) => {
              setConfirming(false);
              setFailure(describeError(error, `Your ${kind} could not be deleted.`));
            },
          })
        }
      />
    </article>
  );
}
