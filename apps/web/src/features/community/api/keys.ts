/** The community's query keys: the channel list (with unread counts), channel pages, threads, and staff's moderation lists. */
export const communityKeys = {
  all: ['community'] as const,
  channels: ['community', 'channels'] as const,
  pages: (slug: string) => ['community', 'page', slug] as const,
  replies: (postId: number) => ['community', 'replies', postId] as const,
  post: (postId: number) => ['community', 'post', postId] as const,
  tradeFeedback: (tradeId: string) => ['community', 'trade-feedback', tradeId] as const,
  mentionable: (slug: string, query: string) => ['community', 'mentionable', slug, query] as const,
  search: (q: string) => ['community', 'search', q] as const,
  reports: (view: 'open' | 'hidden') => ['community', 'reports', view] as const,
  restrictions: ['community', 'restrictions'] as const,
};
