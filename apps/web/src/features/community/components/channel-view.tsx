import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { useChannelPage } from '../api/get-channel-page';
import { usePost } from '../api/get-post';
import { useMarkRead } from '../api/mark-read';
import { useWatchChannel } from '../api/watch-channel';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';
import styles from './community.module.css';

type Props = {
  slug: string;
  zone: string;
  staff: boolean;
  /** A thread opened from a link (`?thread=`): shown first, its replies open. */
  threadId?: number | null;
};

function ThreadFocus({ postId, slug, zone, staff, canPost }: { postId: number; slug: string; zone: string; staff: boolean; canPost: boolean }) {
  const post = usePost(postId);
  return (
    <section className={styles.thread} aria-label="Thread">
      <h2>Thread</h2>
      {post.isPending && <Loading label="Loading the thread…" />}
      {post.isError && (
        <Alert tone="error">{describeError(post.error, (status) => (status === 404 ? 'This post is no longer here.' : `Failed to load the thread (${status ?? 'no answer'}).`))}</Alert>
      )}
      {post.data && <PostCard post={post.data.data} channelSlug={slug} zone={zone} staff={staff} canPost={canPost} openThread />}
      <p>
        <Link to={paths.communityChannel(slug)}>Show all posts</Link>
      </p>
    </section>
  );
}

const LIVE_TEXT = { connecting: 'Connecting…', live: 'Live: new posts appear as they are written.', offline: 'Reconnecting…' } as const;

/** A channel: its pinned posts, a composer where the member may post, and 30 posts a page, kept live. */
export function ChannelView({ slug, zone, staff, threadId = null }: Props) {
  const page = useChannelPage(slug);
  const live = useWatchChannel(slug);
  const markRead = useMarkRead();
  const newest = page.data?.pages[0]?.data.posts[0]?.id;
  const mark = markRead.mutate;

  // Reading the channel (and every new post that arrives while it is open) clears its unread count.
  useEffect(() => {
    if (page.isSuccess) mark(slug);
  }, [mark, slug, newest, page.isSuccess]);

  if (page.isPending) return <Loading label="Loading posts…" />;
  if (page.isError)
    // The server's words: a member suspended from the community reads why here.
    return <Alert tone="error">{describeError(page.error, (status) => (status === 404 ? 'Channel not found.' : `Failed to load posts (${status ?? 'no answer'}).`))}</Alert>;

  const first = page.data.pages[0]!.data;
  const channel = first.channel;
  const posts = page.data.pages.flatMap((p) => p.data.posts);

  return (
    <>
      <div className={styles.header}>
        <p className={styles.description}>{channel.description}</p>
        <p className={styles.live} role="status">
          {LIVE_TEXT[live]}
        </p>
      </div>
      {threadId !== null && <ThreadFocus key={threadId} postId={threadId} slug={slug} zone={zone} staff={staff} canPost={channel.can_post} />}
      {channel.can_post ? (
        <PostComposer channelSlug={slug} label={`New post in ${channel.name}`} submitLabel="Post" />
      ) : (
        <p className="muted">This channel is read-only: only staff post here.</p>
      )}
      {first.pinned.length > 0 && (
        <section aria-label="Pinned posts" className={styles.listing}>
          <h2>Pinned</h2>
          <ul className={styles.posts}>
            {first.pinned.map((post) => (
              <li key={post.id}>
                <PostCard post={post} channelSlug={slug} zone={zone} staff={staff} canPost={channel.can_post} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Posts" className={styles.listing}>
        <h2>Posts</h2>
        {posts.length === 0 ? (
          <p className="muted">No posts yet. Start the conversation.</p>
        ) : (
          <ul className={styles.posts}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} channelSlug={slug} zone={zone} staff={staff} canPost={channel.can_post} />
              </li>
            ))}
          </ul>
        )}
        {page.isFetchNextPageError && <Alert tone="error">Failed to load older posts. Try again.</Alert>}
        {page.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => void page.fetchNextPage()} busy={page.isFetchingNextPage} busyLabel="Loading…">
              Load older posts
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
