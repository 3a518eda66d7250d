import { describe, expect, it } from 'vitest';
import { tagSuggestions } from './tag-suggestions';

describe('tagSuggestions', () => {
  it('offers the member’s own tags first, then starters (mistakes and emotions) they do not have in any case', () => {
    const offered = tagSuggestions([{ tag: 'Late entry' }, { tag: 'fomo ENTRY' }]);
    expect(offered.slice(0, 2)).toEqual(['Late entry', 'fomo ENTRY']);
    expect(offered).not.toContain('FOMO entry');
    expect(offered).toEqual(expect.arrayContaining(['Moved stop', 'Revenge trade', 'Fearful', 'Tilted']));
  });
});
