import { Link } from 'react-router';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { RichTextView } from '@/components/rich-text-view';
import { ApiError, describeError } from '@/lib/api-client';
import { useTradeFeedback } from '../api/get-trade-feedback';
import styles from './community.module.css';

type Props = {
  /** The trade's public id (as the journal names it). */
  tradeId: string;
  instrument: string;
  /** The member's named zone: reply times are shown in it. */
  zone: string;
  threadLink: (channelSlug: string, postId: number) => string;
};

/**
 * "Mentor feedback" on a trade in the journal: the mentors' replies to the member's posts sharing
 * it, each with its mentor, time and a link to the thread. Nothing shows before the first reply;
 * a member the community no longer lets in (403) sees nothing here either.
 */
export function MentorFeedback({ tradeId, instrument, zone, threadLink }: Props) {
  const feedback = useTradeFeedback(tradeId);
  if (feedback.isError) {
    if (feedback.error instanceof ApiError && [403, 404].includes(feedback.error.status)) return null;
    return <Alert tone="error">{describeError(feedback.error, 'Mentor feedback could not be loaded.')}</Alert>;
  }
  const items = feedback.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.feedback} aria-label={`Mentor feedback on ${instrument}`}>
      <h3 className={styles.cardTitle}>Mentor feedback</h3>
      <ul className={styles.posts}>
        {items.map((item) => (
          <li key={item.reply_id} className={styles.feedbackItem}>
            <div className={styles.postHead}>
              <span className={styles.author}>{item.mentor.name}</span>
              <Badge tone="blue">Mentor reply</Badge>
              <time className={styles.time} dateTime={item.created_at}>
                {momentLabel(item.created_at, { zone })}
              </time>
              {item.edited_at && <span className={styles.time}>(edited)</span>}
            </div>
            <div className={styles.body}>
              <RichTextView html={item.body_html} empty="" mentions />
            </div>
            <Link to={threadLink(item.channel.slug, item.thread_id)}>View the thread in #{item.channel.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
