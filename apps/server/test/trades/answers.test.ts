import { describe, expect, it } from 'vitest';
import { TradeAnswers } from '../../src/modules/trades/revisions.ts';

describe('TradeAnswers', () => {
  it('answers only for the revision an answer was stored under, never an older one', async () => {
    const answers = new TradeAnswers();
    let computed = 0;
    const page = (revision: number) =>
      answers.through({ userId: 'a', tradeRevision: revision }, 'page 1', async () => ({ n: ++computed }));
    expect(await page(3)).toEqual({ n: 1 });
    expect(await page(3)).toEqual({ n: 1 });
    expect(await page(4)).toEqual({ n: 2 });
    // A slow reader that started before the write must not put its answer back.
    answers.set('a', 3, 'page 1', { n: 99 });
    expect(await page(4)).toEqual({ n: 2 });
    expect(answers.get('a', 3, 'page 1')).toBeUndefined();
  });

  it('stays within its memory bound by dropping the members seen longest ago', () => {
    const answers = new TradeAnswers();
    // Three members with pages of 20,000 trades: the bound (50,000) holds two.
    answers.set('first', 1, 'page', 'first', 20_000);
    answers.set('second', 1, 'page', 'second', 20_000);
    expect(answers.get('first', 1, 'page')).toBe('first'); // first is now the most recent
    answers.set('third', 1, 'page', 'third', 20_000);
    expect(answers.get('second', 1, 'page')).toBeUndefined();
    expect(answers.get('first', 1, 'page')).toBe('first');
    expect(answers.get('third', 1, 'page')).toBe('third');
  });

  it('keeps each member within the bounds it was made with (the filters\' trade ids have their own)', () => {
    const answers = new TradeAnswers({ weight: 100, perMember: 2 });
    answers.set('a', 1, 'one', 1, 10);
    answers.set('a', 1, 'two', 2, 10);
    expect(answers.get('a', 1, 'one')).toBe(1); // one is now the member's most recent
    answers.set('a', 1, 'three', 3, 10);
    expect(answers.get('a', 1, 'two')).toBeUndefined();
    expect(answers.get('a', 1, 'one')).toBe(1);
    // Above the weight bound: never kept, and nothing else is dropped for it.
    answers.set('a', 1, 'huge', 4, 101);
    expect(answers.get('a', 1, 'huge')).toBeUndefined();
    expect(answers.get('a', 1, 'three')).toBe(3);
  });
});
