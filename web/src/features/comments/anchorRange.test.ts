import { describe, expect, it } from 'vitest';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { bookSchema } from '@bookwright/manuscript/schema';
import { anchorOfSelection, commentMarkRanges, locateQuote, rangeOfAnchor } from './anchorRange';
import { isSuggestedEdit } from '../collab/suggestions/suggestChangesExtension';
import { commentHighlightsPlugin, placedThreads, setHighlights } from './commentHighlights';
import { markTransaction } from './useLiveComments';

const schema = bookSchema();

/** A manuscript: each string a paragraph, a string starting "# " a chapter heading. */
function manuscript(...blocks: string[]): PmNode {
  return schema.node(
    'doc',
    null,
    blocks.map((block) =>
      block.startsWith('# ')
        ? schema.node('heading', { level: 1 }, [schema.text(block.slice(2))])
        : schema.node('paragraph', null, block ? [schema.text(block)] : []),
    ),
  );
}

/** The document position of the `nth` (from 0) occurrence of `text`. */
function positionOf(doc: PmNode, text: string, nth = 0): number {
  let found = -1;
  let seen = 0;
  doc.descendants((node, pos) => {
    if (found !== -1 || !node.isText) return found === -1;
    for (let at = node.text!.indexOf(text); at !== -1; at = node.text!.indexOf(text, at + 1)) {
      if (seen++ === nth) {
        found = pos + at;
        return false;
      }
    }
    return false;
  });
  if (found === -1) throw new Error(`no ${text}`);
  return found;
}

const textAt = (doc: PmNode, range: { from: number; to: number } | undefined) =>
  range && doc.textBetween(range.from, range.to);

describe('anchoring a comment in the live document', () => {
  const doc = manuscript('# One', 'The cat sat. The dog ran.', '# Two', 'The cat sat. It rained. The cat sat.');

  it('anchors a selection with its chapter, quote and the text around it', () => {
    const from = positionOf(doc, 'It rained.');
    expect(anchorOfSelection(doc, from, from + 'It rained.'.length)).toEqual({
      chapter: 2,
      quote: 'It rained.',
      prefix: 'Two\n\nThe cat sat. ',
      suffix: ' The cat sat.',
    });
    expect(anchorOfSelection(doc, from, from)).toBeUndefined();
  });

  it('finds a repeated quote by its prefix and suffix, and nothing for text that is gone', () => {
    const second = positionOf(doc, 'The cat sat.', 2);
    const anchor = anchorOfSelection(doc, second, second + 'The cat sat.'.length);
    if (!anchor || 'error' in anchor) throw new Error('no anchor');
    expect(locateQuote(doc, anchor)).toEqual({ from: second, to: second + 'The cat sat.'.length });
    expect(locateQuote(doc, { ...anchor, quote: 'The dog ran.' })).toBeUndefined();
    expect(locateQuote(doc, { ...anchor, chapter: 9 })).toBeUndefined();
    // Whitespace is not compared, as on the server.
    expect(textAt(doc, locateQuote(doc, { chapter: 1, quote: 'cat  sat.\nThe' }))).toBe('cat sat. The');
  });

  it("follows a writer's comment mark, and says a comment whose mark is gone is on deleted text", () => {
    const from = positionOf(doc, 'The dog ran.');
    const marked = EditorState.create({ doc }).apply(
      EditorState.create({ doc }).tr.addMark(
        from,
        from + 'The dog ran.'.length,
        schema.marks['comment']!.create({ commentId: 'm1' }),
      ),
    ).doc;
    expect(textAt(marked, commentMarkRanges(marked).get('m1'))).toBe('The dog ran.');
    const anchor = { chapter: 1, quote: 'The dog ran.', markId: 'm1' };
    expect(textAt(marked, rangeOfAnchor(marked, anchor))).toBe('The dog ran.');
    // The same quote without its mark: the mark is what the anchor follows.
    expect(rangeOfAnchor(doc, anchor)).toBeUndefined();
  });
});

describe('the highlights', () => {
  it('stay on the quoted text while text is typed before, after and beside it, and go when it is deleted', () => {
    const doc = manuscript('# One', 'First words. The quoted sentence. Last words.');
    let state = EditorState.create({ doc, plugins: [commentHighlightsPlugin(() => undefined)] });
    const quote = 'The quoted sentence.';
    const from = positionOf(doc, quote);
    const anchor = anchorOfSelection(doc, from, from + quote.length);
    if (!anchor || 'error' in anchor) throw new Error('no anchor');
    state = state.apply(setHighlights(state.tr, { threads: [{ id: 't1', anchor, resolved: false }] }));
    const shown = () => textAt(state.doc, placedThreads(state).get('t1'));
    expect(shown()).toBe(quote);

    const type = (text: string, at: number) => (state = state.apply(state.tr.insertText(text, at)));
    type('Typed before. ', positionOf(state.doc, quote));
    type(' Typed after.', positionOf(state.doc, quote) + quote.length);
    type('At the start. ', positionOf(state.doc, 'First'));
    type(' At the end.', positionOf(state.doc, 'Last words.') + 'Last words.'.length);
    expect(state.doc.textContent).toContain('Typed before. The quoted sentence. Typed after.');
    expect(shown()).toBe(quote);

    const start = positionOf(state.doc, quote);
    state = state.apply(state.tr.delete(start, start + quote.length));
    expect(placedThreads(state).has('t1')).toBe(false);
  });
});

describe('a comment mark while the page suggests', () => {
  it('is put on the text as it is, never made a suggestion', () => {
    const doc = manuscript('# One', 'The cat sat.');
    const state = EditorState.create({ doc });
    const from = positionOf(doc, 'cat');
    const tr = state.tr.addMark(from, from + 3, schema.marks['comment']!.create({ commentId: 'm1' }));
    // Forced: as an editor's page, every own edit a suggestion, unless left alone.
    expect(isSuggestedEdit(tr, state, true)).toBe(true);
    expect(isSuggestedEdit(markTransaction(tr), state, true)).toBe(false);
  });
});
