/**
 * Tags offered before a member has many of their own: common setups and the mistakes a trader
 * journals most. Their own tags always come first (most used first), these after.
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
];

export function tagSuggestions(own: readonly { tag: string }[] | undefined): string[] {
  const tags = (own ?? []).map((t) => t.tag);
  const known = new Set(tags.map((tag) => tag.toLocaleLowerCase()));
  return [...tags, ...STARTERS.filter((tag) => !known.has(tag.toLocaleLowerCase()))];
}
