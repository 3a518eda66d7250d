/** The Risk Manager's query keys: the accounts with their rules and presets, and the change log. */
export const riskKeys = {
  all: ['risk'] as const,
  overview: ['risk', 'overview'] as const,
  changes: ['risk', 'changes'] as const,
};
