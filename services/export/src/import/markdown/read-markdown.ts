import MarkdownIt from 'markdown-it';
import { MarkdownParser } from 'prosemirror-markdown';
import type { TiptapNode } from '@bookwright/contracts/http';
import { bookSchema } from '@bookwright/manuscript';
import type Token from 'markdown-it/lib/token.mjs';
import {
  noteReference,
  type DeclaredMetadata,
  type DroppedCounts,
  type SourceDocument,
} from '../source/source-document';
import { decodeText } from '../text/decode-text';
import { ImportedImages } from '../images/imported-images';
import { MarkdownImages } from './markdown-images';

/**
 * A Markdown manuscript through markdown-it (CommonMark, with strikethrough; quotes and dashes as
 * written: no typographer) and prosemirror-markdown, straight into the editor's schema. Pandoc's
 * footnotes (`[^1]` and `[^1]: …`) become the book's notes, and a YAML or `%` title block its declared
 * title and author. Images the file holds itself (`data:` URIs) are kept, others named in the report
 * (markdown-images.ts).
 */
export async function readMarkdown(bytes: Buffer): Promise<SourceDocument> {
  const dropped: DroppedCounts = {};
  const images = new ImportedImages(dropped);
  const markdownImages = new MarkdownImages(images);
  const { text: withoutMeta, declared } = titleBlock(decodeText(bytes));
  const { text, definitions } = footnotes(withoutMeta);
  const document = parser(markdownImages).parse(text).toJSON() as TiptapNode;
  const notes = new Map<string, TiptapNode[]>();
  for (const [id, body] of definitions) {
    const paragraphs =
      (parser(markdownImages).parse(body).toJSON() as TiptapNode).content
        ?.filter((node) => node.type === 'paragraph')
        .map((node) => markdownImages.withoutImages(node)) ?? [];
    if (paragraphs.length > 0) notes.set(id, paragraphs);
  }
  const lifted = await markdownImages.resolve((document.content ?? []).flatMap((node) => markdownImages.lift(node)));
  const blocks = lifted.map((node) => ({ node: withNoteReferences(node) }));
  return { kind: 'markdown', blocks, notes, declared, dropped, images };
}

const markdownIt = () => new MarkdownIt('commonmark', { html: false, typographer: false }).enable('strikethrough');

function parser(images: MarkdownImages): MarkdownParser {
  const tokenizer = markdownIt();
  images.mark(tokenizer);
  return new MarkdownParser(bookSchema(), tokenizer, {
    blockquote: { block: 'blockquote' },
    paragraph: { block: 'paragraph' },
    list_item: { block: 'listItem' },
    bullet_list: { block: 'bulletList' },
    ordered_list: {
      block: 'orderedList',
      getAttrs: (token: Token) => ({ start: Number(token.attrGet('start') ?? 1) || 1 }),
    },
    heading: {
      block: 'heading',
      getAttrs: (token: Token) => ({ level: Math.min(3, Number(token.tag.slice(1)) || 1) }),
    },
    code_block: { block: 'paragraph', noCloseToken: true },
    fence: { block: 'paragraph', noCloseToken: true },
    hr: { node: 'horizontalRule' },
    hardbreak: { node: 'hardBreak' },
    em: { mark: 'italic' },
    strong: { mark: 'bold' },
    s: { mark: 'strike' },
    link: {
      mark: 'link',
      getAttrs: (token: Token) => ({
        href: token.attrGet('href') ?? '',
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      }),
    },
    code_inline: { mark: 'code', noCloseToken: true },
  });
}

/** A YAML metadata block (`---` … `---`) or pandoc's `%` title lines at the very start. */
function titleBlock(text: string): { text: string; declared: DeclaredMetadata } {
  const declared: DeclaredMetadata = {};
  const clean = (value: string) =>
    value
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
  const yaml = /^\uFEFF?---\n([\s\S]*?)\n(?:---|\.\.\.)\n/.exec(text);
  if (yaml) {
    for (const line of yaml[1]!.split('\n')) {
      const [, key, value] = /^(title|author|rights|copyright)\s*:\s*(.+)$/i.exec(line) ?? [];
      if (!key || !value) continue;
      const field = key.toLowerCase() === 'copyright' ? 'rights' : (key.toLowerCase() as keyof DeclaredMetadata);
      declared[field] ??= clean(value);
    }
    return { text: text.slice(yaml[0].length), declared };
  }
  const percent = /^\uFEFF?% (.+)\n(?:% (.+)\n)?(?:% .*\n)?/.exec(text);
  if (percent) {
    declared.title = clean(percent[1]!);
    if (percent[2]) declared.author = clean(percent[2]);
    return { text: text.slice(percent[0].length), declared };
  }
  return { text, declared };
}

const open = '\uE000';
const close = '\uE001';

/** Footnote definitions taken out (with their indented continuation lines); references become markers. */
function footnotes(text: string): { text: string; definitions: Map<string, string> } {
  const definitions = new Map<string, string>();
  if (!text.includes('[^')) return { text, definitions };
  const kept: string[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const definition = /^\[\^([^\]\s]{1,100})\]:[ \t]?(.*)$/.exec(lines[index]!);
    if (!definition) {
      kept.push(lines[index]!);
      continue;
    }
    const body = [definition[2]!];
    // Its continuation: indented lines, across blank lines followed by more indented ones.
    while (index + 1 < lines.length) {
      const next = lines[index + 1]!;
      const indented = /^(?: {2,}|\t)\S/.test(next);
      const blankBeforeIndented = next.trim() === '' && /^(?: {2,}|\t)\S/.test(lines[index + 2] ?? '');
      if (!indented && !blankBeforeIndented) break;
      body.push(next.trim());
      index += 1;
    }
    definitions.set(definition[1]!, body.join('\n'));
  }
  const withoutDefinitions = kept.join('\n');
  const marked = withoutDefinitions.replace(/\[\^([^\]\s]{1,100})\]/g, (whole, id: string) =>
    definitions.has(id) ? `${open}${id}${close}` : whole,
  );
  return { text: marked, definitions };
}

const markerPattern = new RegExp(`${open}([^${close}]*)${close}`, 'g');

function withNoteReferences(node: TiptapNode): TiptapNode {
  if (node.type === 'text' || !node.content) return node;
  if (!node.content.some((child) => child.type === 'text' && (child.text ?? '').includes(open)))
    return { ...node, content: node.content.map(withNoteReferences) };
  const content: TiptapNode[] = [];
  for (const child of node.content) {
    if (child.type !== 'text' || !(child.text ?? '').includes(open)) {
      content.push(withNoteReferences(child));
      continue;
    }
    let at = 0;
    const text = child.text ?? '';
    for (const match of text.matchAll(markerPattern)) {
      if (match.index > at) content.push({ ...child, text: text.slice(at, match.index) });
      content.push(noteReference(match[1]!));
      at = match.index + match[0].length;
    }
    if (at < text.length) content.push({ ...child, text: text.slice(at) });
  }
  return { ...node, content };
}
