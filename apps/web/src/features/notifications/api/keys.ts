/** The notification centre's query keys: the bell's count, the list's pages, the preferences, the push key; staff's undelivered list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
  preferences: ['notifications', 'preferences'] as const,
  pushPublicKey: ['notifications', 'push-public-key'] as const,
  undelivered: ['notifications', 'undelivered'] as const,
};
