/** The Risk Manager's query keys: the accounts with their rules and presets, the change log, the locks and the enforcement review log. */
export const riskKeys = {
  all: ['risk'] as const,
  overview: ['risk', 'overview'] as const,
  changes: ['risk', 'changes'] as const,
  locks: ['risk', 'locks'] as const,
  review: ['risk', 'review'] as const,
};
