/**
 * Tags offered before a member has many of their own (issue #24: mistakes, emotions, custom):
 * common setups, the mistakes a trader journals most, and the states of mind behind them.
 * Their own tags always come first (most used first), these after.
 */
const STARTERS = [
  'A+ setup',
  'Followed plan',
  'FOMO entry',
  'Chased entry',
  'Moved stop',
  'Oversized',
  'Exited early',
  'Revenge trade',
  'Overtraded',
  'News spike',
  'Fearful',
  'Greedy',
  'Impatient',
  'Tilted',
];

export function tagSuggestions(own: readonly { tag: string }[] | undefined): string[] {
  const tags = (own ?? []).map((t) => t.tag);
  const known = new Set(tags.map((tag) => tag.toLocaleLowerCase()));
  return [...tags, ...STARTERS.filter((tag) => !known.has(tag.toLocaleLowerCase()))];
}
