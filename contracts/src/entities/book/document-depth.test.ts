import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterNodesTooDeep,
  documentDepthMessages,
  documentTooDeep,
  jsonDeeperThan,
  jsonTextDeeperThan,
  maxDocumentDepth,
} from './document-depth';
import { requests } from '../../requests/registry';

/** The JSON depth of a value, by recursion: the definition the iterative measures must agree with. */
const depthOf = (value: unknown): number =>
  value === null || typeof value !== 'object'
    ? 0
    : 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthOf));

/** `levels` arrays one inside the other, written as text (a parsed one is built without recursion). */
const nestedText = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('document depth', () => {
  it('measures a parsed value and its JSON text alike, and as the recursive definition does', () => {
    // Strings full of brackets, quotes and backslashes: the text measure must skip them.
    const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', 'é') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tricky,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.nat({ max: 12 }), (json, limit) => {
        const deeper = depthOf(json) > limit;
        expect(jsonDeeperThan(json, limit)).toBe(deeper);
        expect(jsonTextDeeperThan(JSON.stringify(json), limit)).toBe(deeper);
      }),
      { numRuns: 500 },
    );
  });

  it('answers 100,000 levels without running out of stack, as text and parsed', () => {
    const text = nestedText(100_000);
    expect(jsonTextDeeperThan(text, maxDocumentDepth)).toBe(true);
    // V8's JSON.parse does not recurse; the value it makes is what the gateway's body parser hands over.
    expect(documentTooDeep(JSON.parse(text))).toBe(true);
    expect(documentTooDeep(text)).toBe(true);
  });

  it('takes a document of exactly the limit and refuses one a level deeper', () => {
    expect(documentTooDeep(nestedText(maxDocumentDepth))).toBe(false);
    expect(documentTooDeep(JSON.parse(nestedText(maxDocumentDepth)))).toBe(false);
    expect(documentTooDeep(nestedText(maxDocumentDepth + 1))).toBe(true);
    expect(documentTooDeep(JSON.parse(nestedText(maxDocumentDepth + 1)))).toBe(true);
  });

  it('holds a chapter’s nodes to the same limit as the document they are part of', () => {
    const nodes = (levels: number) => JSON.parse(nestedText(levels)) as unknown[];
    // The document around them adds one level: {"type":"doc","content": nodes}.
    expect(depthOf({ type: 'doc', content: nodes(maxDocumentDepth - 1) })).toBe(maxDocumentDepth);
    expect(chapterNodesTooDeep(nodes(maxDocumentDepth - 1))).toBe(false);
    expect(chapterNodesTooDeep(nodes(maxDocumentDepth))).toBe(true);
  });

  it('is checked by the bus requests of a save, so the book service refuses what the gateway would', () => {
    const owned = { userId: 'u1', bookId: 'b1' };
    const whole = requests.book.updateContent.request.safeParse({ ...owned, bookContent: nestedText(2_000) });
    expect(whole.error?.issues[0]?.message).toBe(documentDepthMessages.tooDeep);
    const content = [{ type: 'blockquote', content: JSON.parse(nestedText(2_000)) as unknown }];
    const partial = requests.book.updateChapters.request.safeParse({
      ...owned,
      chapters: [{ index: 0, content }],
      ifMatch: ['"v1"'],
    });
    expect(partial.error?.issues[0]?.message).toBe(documentDepthMessages.tooDeep);
    const live = requests.book.saveCollab.request.safeParse({
      ...owned,
      ifMatch: 'm1',
      document: { type: 'doc', content },
      state: '',
    });
    expect(live.error?.issues.map((issue) => issue.message)).toContain(documentDepthMessages.tooDeep);
    const structure = requests.book.updateState.request.safeParse({
      ...owned,
      newBookState: JSON.parse(nestedText(2_000)),
    });
    expect(structure.error?.issues[0]?.message).toBe(documentDepthMessages.stateTooDeep);
    const fine = requests.book.updateContent.request.safeParse({
      ...owned,
      bookContent: '{"type":"doc","content":[]}',
    });
    expect(fine.success).toBe(true);
  });
});
