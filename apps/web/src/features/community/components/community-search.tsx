import { useState } from 'react';
import { Link } from 'react-router';
import { SearchQuery } from '@th/contracts/community';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useContractForm } from '@/lib/form';
import { useSearchPosts } from '../api/search-posts';
import styles from './community.module.css';

type Props = {
  /** The member's named zone: post times are shown in it. */
  zone: string;
  threadLink: (channelSlug: string, postId: number) => string;
};

const SearchForm = SearchQuery.pick({ q: true });

/** Search across the posts and replies the member can read; each result opens its thread. */
export function CommunitySearch({ zone, threadLink }: Props) {
  const [asked, setAsked] = useState<string | null>(null);
  const results = useSearchPosts(asked);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(SearchForm, { q: '' });
  const onSubmit = handleSubmit((body) => setAsked(body.q));
  const hits = results.data?.pages.flatMap((page) => page.data.hits) ?? [];

  return (
    <div>
      <form className={styles.search} role="search" aria-label="Search posts" onSubmit={onSubmit} noValidate>
        <Field label="Search posts" type="search" {...register('q')} error={errors.q?.message} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {asked !== null && results.isPending && <Loading label="Searching…" />}
      {results.isError && <Alert tone="error">{describeError(results.error, (status) => `Search failed (${status ?? 'no answer'}). Try again.`)}</Alert>}
      {results.isSuccess && (
        <>
          <p role="status" className="muted">
            {hits.length === 0 ? `No posts match “${asked}”.` : `Posts matching “${asked}”${results.hasNextPage ? '' : `: ${hits.length}`}`}
          </p>
          {hits.length > 0 && (
            <ul className={styles.hits} aria-label="Search results">
              {hits.map((hit) => (
                <li key={hit.post_id} className={styles.hit}>
                  <div className={styles.postHead}>
                    <Link to={threadLink(hit.channel.slug, hit.thread_id)}>
                      {hit.reply ? 'Reply' : 'Post'} by {hit.author.name} in #{hit.channel.name}
                    </Link>
                    {hit.mentor && <Badge tone="blue">Mentor</Badge>}
                    {hit.hidden && <Badge tone="red">Hidden by a moderator</Badge>}
                    <time className={styles.time} dateTime={hit.created_at}>
                      {momentLabel(hit.created_at, { zone })}
                    </time>
                  </div>
                  <p className={styles.hitExcerpt}>{hit.excerpt}</p>
                </li>
              ))}
            </ul>
          )}
          {results.isFetchNextPageError && <Alert tone="error">Failed to load more results. Try again.</Alert>}
          {results.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" onClick={() => void results.fetchNextPage()} busy={results.isFetchingNextPage} busyLabel="Loading…">
                More results
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
