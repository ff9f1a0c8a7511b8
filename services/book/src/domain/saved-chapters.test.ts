import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SavedChaptersMemory } from './saved-chapters';

describe('SavedChaptersMemory', () => {
  it('recalls a book only at the version it remembers', () => {
    const memory = new SavedChaptersMemory();
    memory.remember('b1', { version: 4, hashes: ['a', 'b'] });
    expect(memory.recall('b1', [4])).toEqual({ version: 4, hashes: ['a', 'b'] });
    expect(memory.recall('b1', [3, 4])).toMatchObject({ version: 4 });
    expect(memory.recall('b1', [5])).toBeUndefined();
    expect(memory.recall('b2', [4])).toBeUndefined();
    memory.forget('b1');
    expect(memory.recall('b1', [4])).toBeUndefined();
  });

  it('keeps a newer version over a slower read of an older one', () => {
    const memory = new SavedChaptersMemory();
    memory.remember('b1', { version: 7, hashes: ['new'] });
    memory.remember('b1', { version: 6, hashes: ['old'] });
    expect(memory.recall('b1', [6])).toBeUndefined();
    expect(memory.recall('b1', [7])).toEqual({ version: 7, hashes: ['new'] });
  });

  it('follows a save from the version before it, and forgets a book whose version it did not see', () => {
    const memory = new SavedChaptersMemory();
    memory.remember('b1', { version: 1, hashes: ['a', 'b', 'c'] });
    // A partial save: the places sent, the length kept.
    memory.saved('b1', { version: 2 }, { chapters: [{ position: 1, hash: 'B' }] });
    expect(memory.recall('b1', [2])).toEqual({ version: 2, hashes: ['a', 'B', 'c'] });
    // A whole save that drops a chapter, then one that adds two.
    memory.saved('b1', { version: 3 }, { chapters: [{ position: 0, hash: 'A' }], count: 2 });
    expect(memory.recall('b1', [3])).toEqual({ version: 3, hashes: ['A', 'B'] });
    memory.saved(
      'b1',
      { version: 4 },
      {
        chapters: [
          { position: 2, hash: 'x' },
          { position: 3, hash: 'y' },
        ],
        count: 4,
      },
    );
    expect(memory.recall('b1', [4])).toEqual({ version: 4, hashes: ['A', 'B', 'x', 'y'] });
    // Another process wrote version 5: this save's chapters say nothing of the rest.
    memory.saved('b1', { version: 6 }, { chapters: [{ position: 0, hash: 'z' }] });
    expect(memory.recall('b1', [4])).toBeUndefined();
    expect(memory.recall('b1', [6])).toBeUndefined();
  });

  it('never holds a version with a place it does not know', () => {
    const memory = new SavedChaptersMemory();
    memory.remember('b1', { version: 1, hashes: ['a'] });
    // A count past the chapters sent would leave a gap: not remembered.
    memory.saved('b1', { version: 2 }, { chapters: [{ position: 2, hash: 'c' }], count: 3 });
    expect(memory.recall('b1', [2])).toBeUndefined();
  });

  it('drops the book used least recently past its capacity', () => {
    const memory = new SavedChaptersMemory(2);
    memory.remember('b1', { version: 1, hashes: [] });
    memory.remember('b2', { version: 1, hashes: [] });
    memory.recall('b1', [1]);
    memory.remember('b3', { version: 1, hashes: [] });
    expect(memory.recall('b2', [1])).toBeUndefined();
    expect(memory.recall('b1', [1])).toBeDefined();
    expect(memory.recall('b3', [1])).toBeDefined();
  });

  it('after any run of saves it saw, holds exactly the chapters those saves left', () => {
    const save = fc.record({
      chapters: fc.array(fc.record({ position: fc.nat(5), hash: fc.stringMatching(/^[0-9a-f]{1,4}$/) }), {
        maxLength: 3,
      }),
      count: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9a-f]{1,8}$/), { maxLength: 6 }), fc.array(save), (start, saves) => {
        const memory = new SavedChaptersMemory();
        memory.remember('b1', { version: 1, hashes: start });
        let truth: (string | undefined)[] | undefined = [...start];
        saves.forEach((change, n) => {
          memory.saved('b1', { version: n + 2 }, change);
          if (truth) {
            const next: (string | undefined)[] = truth.slice(0, change.count ?? truth.length);
            for (const { position, hash } of change.chapters) next[position] = hash;
            const length = change.count ?? truth.length;
            truth = next.length === length && Array.from(next).every((hash) => hash !== undefined) ? next : undefined;
          }
          const recalled = memory.recall('b1', [n + 2]);
          expect(recalled?.hashes).toEqual(truth);
        });
      }),
    );
  });
});
