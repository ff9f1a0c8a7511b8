import { parseDocument } from 'htmlparser2';
import { cutAtGrapheme } from '../cut-text';

/**
 * The one allow-list of the book description (issue 21): what the metadata form's editor writes, what the
 * AI suggestion may hold, what the EPUB and the KDP back cover render. `b` and `i` are read as `strong`
 * and `em`; every other tag is dropped and its text kept (script, style and the like with their text).
 */
export const descriptionAllowedTags = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li'] as const;

/** One run of text inside a paragraph, with its marks; `br` is a line break inside the paragraph. */
export type DescriptionInline = { text: string; strong: boolean; em: boolean } | { br: true };
/** A paragraph, or a list whose items hold blocks of their own (tiptap writes `<li><p>…</p></li>`). */
export type DescriptionBlock =
  { kind: 'paragraph'; inlines: DescriptionInline[] } | { kind: 'list'; ordered: boolean; items: DescriptionBlock[][] };

type Node = ReturnType<typeof parseDocument>['children'][number];
type Marks = { strong: boolean; em: boolean };

const droppedWithText = new Set(['script', 'style', 'iframe', 'object', 'template', 'noscript', 'head', 'title']);
const blockTags = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'pre',
  'header',
  'footer',
  'table',
  'tr',
]);
const strongTags = new Set(['strong', 'b']);
const emTags = new Set(['em', 'i']);
// HTML's own white space: a no-break space is text, not a gap to collapse.
const htmlSpace = /[ \t\n\r\f]+/g;

const isElement = (node: Node): node is Extract<Node, { name: string; children: unknown }> =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';
const isText = (node: Node): node is Extract<Node, { type: 'text' }> => node.type === 'text';

/** Builds the blocks of one container, gathering loose inline content into paragraphs. */
class BlockBuilder {
  readonly blocks: DescriptionBlock[] = [];
  private inlines: DescriptionInline[] = [];

  flush(): void {
    const paragraph = tidyInlines(this.inlines);
    this.inlines = [];
    if (paragraph.length > 0) this.blocks.push({ kind: 'paragraph', inlines: paragraph });
  }

  addNodes(nodes: readonly Node[], marks: Marks): void {
    for (const node of nodes) this.addNode(node, marks);
  }

  private addNode(node: Node, marks: Marks): void {
    if (isText(node)) {
      this.inlines.push({ text: node.data, ...marks });
      return;
    }
    if (!isElement(node)) return; // comments, directives, CDATA
    const name = node.name.toLowerCase();
    if (droppedWithText.has(name)) return;
    if (name === 'br') {
      this.inlines.push({ br: true });
      return;
    }
    if (name === 'ul' || name === 'ol') {
      this.flush();
      const items: DescriptionBlock[][] = [];
      for (const child of node.children as Node[]) {
        const item = new BlockBuilder();
        // Stray text or tags between items become an item of their own rather than vanish.
        item.addNodes(isElement(child) && child.name.toLowerCase() === 'li' ? (child.children as Node[]) : [child], {
          strong: false,
          em: false,
        });
        item.flush();
        if (item.blocks.length > 0) items.push(item.blocks);
      }
      if (items.length > 0) this.blocks.push({ kind: 'list', ordered: name === 'ol', items });
      return;
    }
    if (blockTags.has(name)) {
      this.flush();
      this.addNodes(node.children as Node[], marks);
      this.flush();
      return;
    }
    this.addNodes(node.children as Node[], {
      strong: marks.strong || strongTags.has(name),
      em: marks.em || emTags.has(name),
    });
  }
}

/** Collapses HTML white space, trims the paragraph's ends and the sides of its breaks, merges like runs. */
function tidyInlines(inlines: readonly DescriptionInline[]): DescriptionInline[] {
  const out: DescriptionInline[] = [];
  let atLineStart = true;
  for (const inline of inlines) {
    if ('br' in inline) {
      trimEnd(out);
      // A break at the start of a paragraph or right after another is no text: keep one at most.
      if (out.length > 0 && !('br' in out[out.length - 1]!)) out.push(inline);
      atLineStart = true;
      continue;
    }
    let text = inline.text.replace(htmlSpace, ' ');
    if (atLineStart) text = text.replace(/^ /, '');
    const last = out[out.length - 1];
    if (last && 'text' in last && last.text.endsWith(' ')) text = text.replace(/^ /, '');
    if (text === '') continue;
    atLineStart = false;
    if (last && 'text' in last && last.strong === inline.strong && last.em === inline.em) last.text += text;
    else out.push({ text, strong: inline.strong, em: inline.em });
  }
  trimEnd(out);
  while (out.length > 0 && 'br' in out[out.length - 1]!) {
    out.pop();
    trimEnd(out);
  }
  return out;
}

function trimEnd(out: DescriptionInline[]): void {
  const last = out[out.length - 1];
  if (!last || 'br' in last) return;
  last.text = last.text.replace(/ $/, '');
  if (last.text === '') {
    out.pop();
    trimEnd(out);
  }
}

/**
 * Text without a single tag is a description typed before it was rich text: blank lines part paragraphs,
 * a single line break stays a break.
 */
function plainTextBlocks(text: string): DescriptionBlock[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) =>
      tidyInlines(
        paragraph
          .split(/\r?\n/)
          .flatMap((line, i): DescriptionInline[] =>
            i === 0
              ? [{ text: line, strong: false, em: false }]
              : [{ br: true }, { text: line, strong: false, em: false }],
          ),
      ),
    )
    .filter((inlines) => inlines.length > 0)
    .map((inlines) => ({ kind: 'paragraph', inlines }));
}

/** The blocks of a description, stored or typed, plain text or HTML of any shape. */
export function descriptionBlocks(input: string): DescriptionBlock[] {
  const document = parseDocument(input, { decodeEntities: true, lowerCaseTags: true });
  const nodes = document.children as Node[];
  if (!hasElement(nodes))
    return plainTextBlocks(
      nodes
        .filter(isText)
        .map((n) => n.data)
        .join(''),
    );
  const builder = new BlockBuilder();
  builder.addNodes(nodes, { strong: false, em: false });
  builder.flush();
  return builder.blocks;
}

function hasElement(nodes: readonly Node[]): boolean {
  return nodes.some((node) => isElement(node));
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function serialise(blocks: readonly DescriptionBlock[], br: string): string {
  return blocks
    .map((block) => {
      if (block.kind === 'list') {
        const tag = block.ordered ? 'ol' : 'ul';
        return `<${tag}>${block.items.map((item) => `<li>${serialise(item, br)}</li>`).join('')}</${tag}>`;
      }
      const inner = block.inlines
        .map((inline) => {
          if ('br' in inline) return br;
          let text = escapeText(inline.text);
          if (inline.em) text = `<em>${text}</em>`;
          if (inline.strong) text = `<strong>${text}</strong>`;
          return text;
        })
        .join('');
      return `<p>${inner}</p>`;
    })
    .join('');
}

/**
 * The one sanitiser of the description, for what comes over HTTP and what a language model writes: the
 * allow-list's tags only, without attributes, in one canonical shape (the shape tiptap writes), so
 * sanitising twice changes nothing. Plain text becomes paragraphs. Blank input answers ''.
 */
export function sanitizeDescriptionHtml(input: string): string {
  return serialise(descriptionBlocks(input), '<br>');
}

/** The same description as well-formed XHTML (`<br/>`), for the EPUB's package document. */
export function descriptionXhtml(input: string): string {
  return serialise(descriptionBlocks(input), '<br/>');
}

function blocksText(blocks: readonly DescriptionBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.kind === 'list'
      ? block.items.flatMap((item) => blocksText(item))
      : [block.inlines.map((inline) => ('br' in inline ? '\n' : inline.text)).join('')],
  );
}

/** What a reader sees of a description: its paragraphs and list items, one per line, without tags. */
export function descriptionText(input: string): string {
  return blocksText(descriptionBlocks(input)).join('\n');
}

/**
 * The description cut to at most `max` visible characters (as descriptionText counts them, each line
 * break one), tags kept balanced: what a model wrote too long for KDP still makes a suggestion.
 */
export function cutDescription(input: string, max: number): string {
  let budget = max;
  const cutBlocks = (blocks: readonly DescriptionBlock[]): DescriptionBlock[] => {
    const kept: DescriptionBlock[] = [];
    for (const block of blocks) {
      if (budget <= 0) break;
      if (kept.length > 0) budget -= 1; // the line between two blocks
      if (block.kind === 'list') {
        const items: DescriptionBlock[][] = [];
        for (const item of block.items) {
          if (budget <= 0) break;
          if (items.length > 0) budget -= 1;
          const cut = cutBlocks(item);
          if (cut.length > 0) items.push(cut);
        }
        if (items.length > 0) kept.push({ ...block, items });
        continue;
      }
      const inlines: DescriptionInline[] = [];
      for (const inline of block.inlines) {
        if (budget <= 0) break;
        if ('br' in inline) {
          budget -= 1;
          inlines.push(inline);
          continue;
        }
        const text = cutAtGrapheme(inline.text, budget);
        budget -= text.length;
        if (text) inlines.push({ ...inline, text });
      }
      const tidy = tidyInlines(inlines);
      if (tidy.length > 0) kept.push({ kind: 'paragraph', inlines: tidy });
    }
    return kept;
  };
  return serialise(cutBlocks(descriptionBlocks(input)), '<br>');
}
