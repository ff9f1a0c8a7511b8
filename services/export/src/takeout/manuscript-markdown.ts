import { Node as ProseMirrorNode } from 'prosemirror-model';
import { defaultMarkdownSerializer, MarkdownSerializer, type MarkdownSerializerState } from 'prosemirror-markdown';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { bookSchema, printedManuscript } from '@bookwright/manuscript';

/*
 * The manuscript as Markdown, for the takeout. The document is read into the book's ProseMirror schema
 * (@bookwright/manuscript: the editor's extensions, with the sub- and superscript the server accepts from
 * API clients); it is written by prosemirror-markdown's serializer: tiptap names its nodes in camelCase
 * where prosemirror-markdown expects snake_case, so the map below only renames, and adds the few nodes
 * and marks CommonMark has no word for.
 */
const schema = bookSchema();
const nodes = defaultMarkdownSerializer.nodes;
const marks = defaultMarkdownSerializer.marks;

/** Where the Markdown being written finds an image (set for the length of one synchronous serialize). */
let imagePath: (src: string) => string | null = (src) => src;

const serializer = new MarkdownSerializer(
  {
    doc: (state, node) => state.renderContent(node),
    text: nodes.text!,
    paragraph: nodes.paragraph!,
    heading: nodes.heading!,
    blockquote: nodes.blockquote!,
    horizontalRule: nodes.horizontal_rule!,
    hardBreak: nodes.hard_break!,
    bulletList: nodes.bullet_list!,
    listItem: nodes.list_item!,
    // prosemirror-markdown's ordered_list reads the first number from `order`; tiptap keeps it in `start`.
    orderedList: (state, node) => {
      const start = typeof node.attrs.start === 'number' ? node.attrs.start : 1;
      const width = String(start + node.childCount - 1).length;
      state.renderList(node, ' '.repeat(width + 2), (i) => `${String(start + i).padStart(width)}. `);
    },
    taskList: (state, node) => state.renderList(node, '  ', () => '- '),
    taskItem: (state: MarkdownSerializerState, node) => {
      state.write(node.attrs.checked ? '[x] ' : '[ ] ');
      state.renderContent(node);
    },
    image: (state, node) => {
      const path = imagePath(String(node.attrs.src ?? ''));
      if (path !== null) {
        const alt = String(node.attrs.alt ?? '').replace(/\s+/g, ' ');
        state.write(`![${state.esc(alt)}](${path.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`);
      }
      state.closeBlock(node);
    },
  },
  {
    bold: marks.strong!,
    italic: marks.em!,
    code: marks.code!,
    link: marks.link!,
    strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
    // CommonMark has no underline, subscript or superscript: the HTML it allows inline says it.
    underline: { open: '<u>', close: '</u>', mixable: true, expelEnclosingWhitespace: true },
    subscript: { open: '<sub>', close: '</sub>', mixable: true },
    superscript: { open: '<sup>', close: '</sup>', mixable: true },
    // Nor small capitals; their text is kept as written.
    smallCaps: { open: '', close: '', mixable: true },
  },
);

/**
 * The editor document as CommonMark (with inline HTML for underline, sub- and superscript), in its printed
 * form: no comments, no open suggestions. An image is written as `![alt](path)`, with the path
 * `imagePath` gives for its src (the src itself by default; null leaves it out).
 */
export function manuscriptMarkdown(
  document: TiptapDocument,
  options: { imagePath?: (src: string) => string | null } = {},
): string {
  const doc = ProseMirrorNode.fromJSON(schema, printedManuscript(document));
  imagePath = options.imagePath ?? ((src) => src);
  try {
    return `${serializer.serialize(doc, { tightLists: true })}\n`;
  } finally {
    imagePath = (src) => src;
  }
}
