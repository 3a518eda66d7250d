/**
 * Search across the posts and replies a member can read: never a staff-only channel's to
 * members, never a post a moderator hid (nor the replies under it) but to its author, as the
 * channel pages show them. Words are matched as prefixes ("break" finds "breakout") with
 * PostgreSQL full-text search on the body; the expression is the one the GIN index is built on.
 */
import { sql } from 'drizzle-orm';
import { SEARCH_RESULTS_PER_PAGE, type SearchPage, type SearchQuery } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../errors.ts';
import { richTextWords } from '../../lib/html.ts';
import { iso, seenBy } from './service.ts';
import type { Viewer } from './viewer.ts';

const EXCERPT = 220;
const MAX_WORDS = 8;

type HitRow = {
  id: string | number;
  parent_id: string | number | null;
  channel_name: string;
  channel_slug: string;
  user_id: string;
  author_name: string | null;
  mentor: boolean;
  body_html: string;
  created_at: Date | string;
  hidden: boolean;
};

/** The words of the query, lower case, letters and digits only: safe to write as a tsquery. */
function wordsOf(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
}

/** The text around the first word found, so the reader sees why the post matched. */
function excerptOf(html: string, words: string[]): string {
  const text = richTextWords(html);
  const lower = text.toLowerCase();
  const at = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), text.length);
  const start = at > 80 && at < text.length ? text.lastIndexOf(' ', at - 60) + 1 : 0;
  const cut = text.slice(start, start + EXCERPT);
  return `${start > 0 ? '…' : ''}${cut}${start + EXCERPT < text.length ? '…' : ''}`;
}

export async function searchPosts(ctx: AppContext, viewer: Viewer, query: SearchQuery): Promise<SearchPage> {
  const words = wordsOf(query.q);
  if (words.length === 0) throw AppError.invalid('q', 'Search for words or numbers.');
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  const offset = (query.page - 1) * SEARCH_RESULTS_PER_PAGE;
  const result = await ctx.db.execute(sql`
    select p.id::text as id, p.parent_id::text as parent_id, c.name as channel_name, c.slug as channel_slug, p.user_id,
      nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as author_name, p.mentor, p.body_html, p.created_at,
      p.hidden_at is not null as hidden
    from community_posts p
    join community_channels c on c.id = p.channel_id
    join users u on u.id = p.user_id
    cross join to_tsquery('english', ${tsquery}) as q
    where to_tsvector('english', p.body_html) @@ q
      and (${viewer.staff} or not c.staff_only)
      and ${seenBy(viewer)}
    order by ts_rank(to_tsvector('english', p.body_html), q) desc, p.created_at desc, p.id desc
    limit ${SEARCH_RESULTS_PER_PAGE + 1} offset ${offset}`);
  const rows = rowsOf<HitRow>(result);
  return {
    page: query.page,
    has_more: rows.length > SEARCH_RESULTS_PER_PAGE,
    hits: rows.slice(0, SEARCH_RESULTS_PER_PAGE).map((row) => ({
      post_id: Number(row.id),
      thread_id: Number(row.parent_id ?? row.id),
      channel: { name: row.channel_name, slug: row.channel_slug },
      author: { id: row.user_id, name: row.author_name ?? 'Member' },
      mentor: row.mentor,
      reply: row.parent_id !== null,
      excerpt: excerptOf(row.body_html, words),
      created_at: iso(row.created_at),
      hidden: row.hidden,
    })),
  };
}
