import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outsideSuggestionId, suggestionAuthor } from './suggestion-authors';

describe('suggestion authors', () => {
  it('reads a member’s id, time and nonce, from the right', () => {
    const at = Date.UTC(2026, 10, 29, 7, 0, 0);
    expect(suggestionAuthor(`user~with~tilde~${at.toString(36)}~abc123`)).toEqual({
      kind: 'member',
      userId: 'user~with~tilde',
      at,
    });
  });

  it('gives no author for the library’s numbers and other ids', () => {
    for (const id of [1, null, 'plain', '~x~y', 'a~b']) expect(suggestionAuthor(id)).toBeUndefined();
  });

  it('round-trips any outside name and time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 4_102_444_800_000 }), (name, at) => {
        expect(suggestionAuthor(outsideSuggestionId(name, at))).toEqual({ kind: 'outside', name, at });
      }),
    );
  });
});
