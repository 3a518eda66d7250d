/** The community's query keys: the channel list (with unread counts), channel pages and threads. */
export const communityKeys = {
  all: ['community'] as const,
  channels: ['community', 'channels'] as const,
  pages: (slug: string) => ['community', 'page', slug] as const,
  replies: (postId: number) => ['community', 'replies', postId] as const,
};
