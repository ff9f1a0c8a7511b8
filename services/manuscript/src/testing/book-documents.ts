import fc from 'fast-check';
import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';

/*
 * Arbitrary book documents in the form the editor holds them (every attribute present, marks in the
 * schema's order, neighbouring texts with the same marks joined): the form a Yjs round trip must give back
 * unchanged.
 */

const alignment = fc.constantFrom(null, 'left', 'center', 'right', 'justify');
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const href = fc.constantFrom('https://example.com/a?b=c', 'mailto:ada@example.com', '/relative/page', 'tel:+4412345');

/** A suggestion on a run of text (the library marks text it inserts or deletes; ids as it counts them). */
const textSuggestion = fc.option(
  fc.record({ type: fc.constantFrom('insertion', 'deletion'), attrs: fc.record({ id: fc.constantFrom(1, 2, 'r3') }) }),
  { nil: undefined },
);

/** Comments on a run of text, overlapping, always in one order (two orders of one set would not join). */
const textComments = fc
  .subarray(['c-1', 'c-2', 'c-3'])
  .map((ids) => ids.map((commentId) => ({ type: 'comment', attrs: { commentId } })));

/**
 * The marks of one run of text, in the schema's order (link first, then formatting, code, sub- and
 * superscript, a suggestion, comments); code excludes the other formatting marks, not a suggestion or a
 * comment.
 */
const formatting: fc.Arbitrary<unknown[]> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<unknown[]>([{ type: 'code' }]) },
  {
    weight: 6,
    arbitrary: fc
      .record({
        link: fc.option(href, { nil: undefined }),
        simple: fc.subarray(['bold', 'italic', 'strike', 'underline', 'subscript', 'superscript', 'smallCaps']),
      })
      .map(({ link, simple }) => [
        ...(link === undefined
          ? []
          : [
              {
                type: 'link',
                attrs: { href: link, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null },
              },
            ]),
        ...simple.map((type) => ({ type })),
      ]),
  },
);

const marks: fc.Arbitrary<unknown[]> = fc
  .tuple(formatting, textSuggestion, textComments)
  .map(([format, suggestion, comments]) => [...format, ...(suggestion === undefined ? [] : [suggestion]), ...comments]);

const run = fc.oneof(
  { weight: 5, arbitrary: fc.record({ text, marks }) },
  { weight: 1, arbitrary: fc.constant({ hardBreak: true as const }) },
);

/** Runs as text nodes, neighbours with the same marks joined (ProseMirror and Yjs keep them as one). */
function inline(runs: ({ text: string; marks: unknown[] } | { hardBreak: true })[]): TiptapNode[] {
  const nodes: TiptapNode[] = [];
  for (const part of runs) {
    if ('hardBreak' in part) {
      nodes.push({ type: 'hardBreak' });
      continue;
    }
    const last = nodes.at(-1);
    if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(part.marks)) {
      last.text = `${last.text}${part.text}`;
      continue;
    }
    nodes.push({ type: 'text', text: part.text, ...(part.marks.length > 0 ? { marks: part.marks } : {}) });
  }
  return nodes;
}

const withContent = (node: TiptapNode, content: TiptapNode[]): TiptapNode =>
  content.length > 0 ? { ...node, content } : node;

const inlineContent = fc.array(run, { maxLength: 6 }).map(inline);

export const paragraph = fc
  .record({ align: alignment, content: inlineContent })
  .map(({ align, content }) => withContent({ type: 'paragraph', attrs: { textAlign: align } }, content));

const heading = fc
  .record({ align: alignment, level: fc.constantFrom(1, 2, 3), content: inlineContent })
  .map(({ align, level, content }) => withContent({ type: 'heading', attrs: { textAlign: align, level } }, content));

const { block } = fc.letrec<{ block: TiptapNode; taskItem: TiptapNode }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: paragraph },
    { weight: 3, arbitrary: heading },
    { weight: 1, arbitrary: fc.constant({ type: 'horizontalRule' }) },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('block'), { minLength: 1, maxLength: 3 })
        .map((content) => ({ type: 'blockquote', content })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          ordered: fc.boolean(),
          start: fc.integer({ min: 1, max: 40 }),
          items: fc.array(fc.tuple(paragraph, fc.array(tie('block'), { maxLength: 2 })), {
            minLength: 1,
            maxLength: 3,
          }),
        })
        .map(({ ordered, start, items }) => ({
          type: ordered ? 'orderedList' : 'bulletList',
          ...(ordered ? { attrs: { start, type: null } } : {}),
          content: items.map(([first, rest]) => ({ type: 'listItem', content: [first, ...rest] })),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('taskItem'), { minLength: 1, maxLength: 3 })
        .map((content) => ({ type: 'taskList', content })),
    },
  ),
  // Task items nest: a paragraph, then (sometimes) a task list of their own.
  taskItem: fc
    .record({
      checked: fc.boolean(),
      first: paragraph,
      nested: fc.option(fc.array(tie('taskItem'), { minLength: 1, maxLength: 2 }), {
        nil: undefined,
        depthSize: 'small',
      }),
    })
    .map(({ checked, first, nested }) => ({
      type: 'taskItem',
      attrs: { checked },
      content: nested === undefined ? [first] : [first, { type: 'taskList', content: nested }],
    })),
}));

/** A book document as the editor holds it. */
export const bookDocument: fc.Arbitrary<TiptapDocument> = fc
  .array(block, { maxLength: 8 })
  .map((content) => ({ type: 'doc', content }));

/** A suggestion on a block: inserted, deleted, or (a paragraph's or heading's) alignment or type changed. */
const blockSuggestion = fc.oneof(
  fc.record({ type: fc.constant('insertion'), attrs: fc.record({ id: fc.constantFrom(4, 5, 'b6') }) }),
  fc.record({ type: fc.constant('deletion'), attrs: fc.record({ id: fc.constantFrom(7, 'b8') }) }),
  fc.record({
    type: fc.constant('modification'),
    attrs: fc.record({
      id: fc.constantFrom(9, 'b10'),
      type: fc.constant('attr'),
      attrName: fc.constant('textAlign'),
      previousValue: alignment,
      newValue: fc.constant(null),
    }),
  }),
  fc.record({
    type: fc.constant('modification'),
    attrs: fc.record({
      id: fc.constant(11),
      type: fc.constant('nodeType'),
      attrName: fc.constant(null),
      previousValue: fc.constant('paragraph'),
      newValue: fc.constant('heading'),
    }),
  }),
);

/** A block with a suggestion where the library would put it (an alignment or type change only on text blocks). */
function withBlockSuggestion(node: TiptapNode, mark: { type: string; attrs: Record<string, unknown> }): TiptapNode {
  if (mark.type !== 'modification') return { ...node, marks: [mark] };
  const textBlock = node.type === 'paragraph' || node.type === 'heading';
  if (mark.attrs.type === 'attr' && textBlock) {
    return { ...node, marks: [{ ...mark, attrs: { ...mark.attrs, newValue: node.attrs?.textAlign ?? null } }] };
  }
  if (mark.attrs.type === 'nodeType' && node.type === 'heading') return { ...node, marks: [mark] };
  return node;
}

/**
 * A book document under review: suggestions and comments on its text, and suggestions on some of its
 * blocks (those at the top, and each list's first item).
 */
export const reviewedBookDocument: fc.Arbitrary<TiptapDocument> = fc
  .tuple(bookDocument, fc.array(fc.option(blockSuggestion, { nil: undefined }), { minLength: 8, maxLength: 8 }))
  .map(([document, suggestions]) => ({
    type: 'doc',
    content: document.content.map((block, index) => {
      const mark = suggestions[index];
      const marked = mark === undefined ? block : withBlockSuggestion(block, mark);
      if (!marked.type.endsWith('List') || marked.content === undefined) return marked;
      const next = suggestions[(index + 1) % suggestions.length];
      const [first, ...rest] = marked.content;
      return next === undefined || first === undefined
        ? marked
        : { ...marked, content: [withBlockSuggestion(first, next), ...rest] };
    }),
  }));
