import { describe, expect, it } from 'vitest';
import { oneEditAway } from '../../core/catalogue/search.ts';

describe('oneEditAway', () => {
  it('gives the words with a letter dropped, two neighbours swapped, one changed or one added, and not the word itself', () => {
    const near = oneEditAway('رمادي');
    for (const word of ['مادي', 'رمدي', 'رامدي', 'رمايد', 'رمازي', 'رماادي', 'ارمادي', 'رماديه']) expect(near.has(word)).toBe(true);
    expect(near.has('رمادي')).toBe(false);
    expect(near.has('رماد')).toBe(true);
    expect(near.has('ادي')).toBe(false);
  });
});
