import { posix } from 'node:path';
import type { FrontMatterKind, TiptapNode } from '@bookwright/contracts/http';
import { isAllowedLink } from '@bookwright/manuscript';
import { InlineBuilder, type InlineMark } from '../source/inline-text';
import { countDropped, noteReference, type DroppedCounts, type SourceBlock } from '../source/source-document';
import { textOf, type MarkupElement, type MarkupNode } from './markup-tree';

/**
 * The blocks of one XHTML body, as the book's schema holds them: paragraphs, headings, block quotes, lists
 * and rules, with their inline formatting; notes (EPUB 3 `epub:type`, DPUB-ARIA roles, pandoc's classes)
 * are taken out into `notes`, their references left as note references.
 */
export interface XhtmlContext {
  notes: Map<string, TiptapNode[]>;
  dropped: DroppedCounts;
  /** The document's file name, so note ids of different documents do not collide. */
  documentId: string;
  /** Classes the book's stylesheets set in small capitals (small-caps-classes.ts). */
  smallCapsClasses?: ReadonlySet<string>;
  /** Each image met, as a placeholder node, with the file it names (resolved) and its alt text. */
  images: Map<TiptapNode, { href: string; alt: string | undefined }>;
  /** Images met inside a paragraph's text, which follow that paragraph as blocks of their own. */
  floating?: TiptapNode[];
}

/** A placeholder for an `<img>` until read-epub.ts has read its file; an `<svg>` drawing is dropped. */
function imageOf(element: MarkupElement, context: XhtmlContext): TiptapNode | null {
  const src = element.attrs['src'];
  if (element.name !== 'img' || !src || /^[a-z][a-z0-9+.-]*:/i.test(src)) {
    countDropped(context.dropped, 'images');
    return null;
  }
  const node: TiptapNode = { type: 'image', attrs: {} };
  const href = posix.normalize(posix.join(posix.dirname(context.documentId), src.split('#')[0] ?? ''));
  context.images.set(node, { href, alt: element.attrs['alt'] ?? element.attrs['title'] });
  return node;
}

/** The images of a paragraph just read, emitted after it. */
function emitFloating(context: XhtmlContext, emit: Emit): void {
  const floating = context.floating ?? [];
  context.floating = [];
  floating.forEach((node) => emit(node));
}

const inlineMarks: Record<string, InlineMark> = {
  em: { type: 'italic' },
  i: { type: 'italic' },
  cite: { type: 'italic' },
  dfn: { type: 'italic' },
  strong: { type: 'bold' },
  b: { type: 'bold' },
  u: { type: 'underline' },
  ins: { type: 'underline' },
  s: { type: 'strike' },
  strike: { type: 'strike' },
  del: { type: 'strike' },
  sub: { type: 'subscript' },
  sup: { type: 'superscript' },
  code: { type: 'code' },
};

const skipped = new Set(['head', 'script', 'style', 'title', 'meta', 'link', 'template', 'object', 'audio', 'video']);
const transparentBlocks = new Set([
  'body',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'figure',
  'figcaption',
  'aside',
  'nav',
  'center',
  'dl',
  'dd',
  'dt',
  'address',
  'hgroup',
]);
const headings: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 3, h5: 3, h6: 3 };

const typesOf = (element: MarkupElement): string[] =>
  `${element.attrs['epub:type'] ?? ''} ${element.attrs['role'] ?? ''} ${element.attrs['class'] ?? ''}`
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);

const isNoteContainer = (element: MarkupElement): boolean =>
  typesOf(element).some((type) =>
    [
      'footnote',
      'endnote',
      'rearnote',
      'footnotes',
      'endnotes',
      'rearnotes',
      'doc-footnote',
      'doc-endnote',
      'doc-endnotes',
    ].includes(type),
  );

const isNoteReference = (element: MarkupElement): boolean =>
  element.name === 'a' &&
  typesOf(element).some((type) => ['noteref', 'doc-noteref', 'footnote-ref', 'footnote-reference'].includes(type));

const isBackLink = (element: MarkupElement): boolean =>
  element.name === 'a' &&
  (typesOf(element).some((type) => ['doc-backlink', 'footnote-back', 'backlink'].includes(type)) ||
    /^\s*[↩⮌]/.test(textOf(element)));

/** What an EPUB document says it is, by the `epub:type` of its body or outermost section. */
export function documentRole(body: MarkupElement): FrontMatterKind | 'chapter' | undefined {
  const outer = [body, ...body.children.filter((child): child is MarkupElement => child.type === 'element')];
  for (const element of outer) {
    const types = typesOf(element);
    if (types.some((type) => ['titlepage', 'halftitlepage', 'title-page', 'cover', 'doc-cover'].includes(type)))
      return 'title-page';
    if (types.some((type) => ['copyright-page', 'colophon', 'imprint'].includes(type))) return 'copyright';
    if (types.some((type) => ['dedication', 'doc-dedication', 'epigraph'].includes(type))) return 'dedication';
    if (types.some((type) => ['toc', 'doc-toc', 'landmarks'].includes(type))) return 'table-of-contents';
    if (types.some((type) => ['chapter', 'doc-chapter', 'bodymatter', 'prologue', 'epilogue'].includes(type)))
      return 'chapter';
  }
  return undefined;
}

export function xhtmlBlocks(body: MarkupElement, context: XhtmlContext): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  flow(body.children, context, (node, style) => blocks.push(style ? { node, style } : { node }));
  return blocks;
}

type Emit = (node: TiptapNode, style?: string) => void;

/** Block-level content: block elements become blocks, runs of inline content between them paragraphs. */
function flow(children: readonly MarkupNode[], context: XhtmlContext, emit: Emit): void {
  let pending = new InlineBuilder();
  const flush = () => {
    const content = pending.content();
    if (content.length > 0) emit({ type: 'paragraph', content });
    emitFloating(context, emit);
    pending = new InlineBuilder();
  };
  for (const child of children) {
    if (child.type === 'text') {
      inline(child, [], context, pending);
      continue;
    }
    if (skipped.has(child.name)) continue;
    if (isNoteContainer(child)) {
      flush();
      collectNotes(child, context);
      continue;
    }
    if (isBlock(child)) {
      flush();
      block(child, context, emit);
    } else {
      inline(child, [], context, pending);
    }
  }
  flush();
}

function isBlock(element: MarkupElement): boolean {
  return (
    transparentBlocks.has(element.name) ||
    element.name in headings ||
    ['p', 'blockquote', 'ul', 'ol', 'li', 'hr', 'table', 'pre', 'img', 'svg'].includes(element.name)
  );
}

function block(element: MarkupElement, context: XhtmlContext, emit: Emit): void {
  const name = element.name;
  const level = headings[name];
  if (level !== undefined) {
    const content = inlineContent(element, context);
    emit({ type: 'heading', attrs: { level, textAlign: alignOf(element) }, content }, typesOf(element).join(' '));
    emitFloating(context, emit);
    return;
  }
  switch (name) {
    case 'p':
    case 'pre': {
      const content = inlineContent(element, context);
      const textAlign = alignOf(element);
      const pictures = context.floating ?? [];
      // An empty centred paragraph is a scene break to a typesetter (unless it holds a picture); any other
      // empty one is spacing.
      if (content.length > 0 || (textAlign === 'center' && pictures.length === 0))
        emit({ type: 'paragraph', attrs: { textAlign }, content }, typesOf(element).join(' '));
      emitFloating(context, emit);
      return;
    }
    case 'hr':
      emit({ type: 'horizontalRule' });
      return;
    case 'blockquote': {
      const inner = innerBlocks(element.children, context);
      if (inner.length > 0) emit({ type: 'blockquote', content: inner });
      return;
    }
    case 'ul':
    case 'ol': {
      const items = element.children
        .filter((child): child is MarkupElement => child.type === 'element' && child.name === 'li')
        .map((item) => listItem(item, context))
        .filter((item): item is TiptapNode => item !== undefined);
      if (items.length === 0) return;
      if (name === 'ul') emit({ type: 'bulletList', content: items });
      else {
        const start = Number(element.attrs['start']);
        emit({ type: 'orderedList', attrs: { start: Number.isInteger(start) ? start : 1 }, content: items });
      }
      return;
    }
    case 'li':
      flow(element.children, context, emit);
      return;
    case 'img':
    case 'svg': {
      const image = imageOf(element, context);
      if (image) emit(image);
      return;
    }
    case 'table':
      countDropped(context.dropped, 'unsupported-content');
      return;
    default:
      flow(element.children, context, emit);
  }
}

function innerBlocks(children: readonly MarkupNode[], context: XhtmlContext): TiptapNode[] {
  const nodes: TiptapNode[] = [];
  flow(children, context, (node) => nodes.push(node));
  return nodes;
}

function listItem(item: MarkupElement, context: XhtmlContext): TiptapNode | undefined {
  const content = innerBlocks(item.children, context).filter((node) => node.type !== 'horizontalRule');
  if (content.length === 0) return undefined;
  // A list item opens with a paragraph in the book's schema.
  if (content[0]!.type !== 'paragraph') content.unshift({ type: 'paragraph' });
  return { type: 'listItem', content };
}

function inlineContent(element: MarkupElement, context: XhtmlContext): TiptapNode[] {
  const builder = new InlineBuilder();
  for (const child of element.children) inline(child, [], context, builder);
  return builder.content();
}

function inline(node: MarkupNode, marks: InlineMark[], context: XhtmlContext, builder: InlineBuilder): void {
  if (node.type === 'text') {
    builder.text(node.text.replace(/[\t\n\r ]+/g, ' '), marks);
    return;
  }
  const name = node.name;
  if (skipped.has(name)) return;
  if (name === 'br') {
    builder.node({ type: 'hardBreak' });
    return;
  }
  if (name === 'img' || name === 'svg') {
    const image = imageOf(node, context);
    if (image) (context.floating ??= []).push(image);
    return;
  }
  if (isNoteReference(node)) {
    const [path, target] = (node.attrs['href'] ?? '').split('#');
    // A note in another document of the book is named by that document's path, as its id is kept.
    const document = path ? posix.normalize(posix.join(posix.dirname(context.documentId), path)) : context.documentId;
    if (target) builder.node(noteReference(`${document}#${target}`));
    return;
  }
  if (isBackLink(node)) return;
  if (isNoteContainer(node)) {
    collectNotes(node, context);
    return;
  }
  let inner = withMark(marks, inlineMarks[name]);
  if (isSmallCaps(node, context.smallCapsClasses)) inner = withMark(inner, { type: 'smallCaps' });
  if (name === 'a') {
    const href = node.attrs['href'];
    if (href && /^[a-z][a-z0-9+.-]*:/i.test(href) && isAllowedLink(href))
      inner = [
        ...marks,
        { type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null } },
      ];
  }
  for (const child of node.children) inline(child, inner, context, builder);
}

function withMark(marks: InlineMark[], mark: InlineMark | undefined): InlineMark[] {
  return mark && !marks.some((m) => m.type === mark.type) ? [...marks, mark] : marks;
}

/**
 * Small capitals, as EPUBs mark them: a `font-variant` (or `font-variant-caps`) style, the class Bookwright
 * (`small-caps`) or pandoc (`smallcaps`) writes for them, or a class the book's stylesheets set so.
 */
function isSmallCaps(element: MarkupElement, styled: ReadonlySet<string> = new Set()): boolean {
  if (/font-variant(-caps)?\s*:[^;]*\bsmall-caps\b/i.test(element.attrs['style'] ?? '')) return true;
  const classes = (element.attrs['class'] ?? '').toLowerCase().split(/\s+/);
  return classes.some((name) => name === 'small-caps' || name === 'smallcaps' || styled.has(name));
}

/** A notes section: every element with an id holding text is one note, its paragraphs its body. */
function collectNotes(container: MarkupElement, context: XhtmlContext): void {
  const visit = (element: MarkupElement) => {
    const id = element.attrs['id'];
    if (id && element !== container && ['li', 'aside', 'div', 'p', 'section'].includes(element.name)) {
      const body = innerBlocks(element.children, context).filter((node) => node.type === 'paragraph');
      if (body.length > 0) {
        context.notes.set(`${context.documentId}#${id}`, body);
        return;
      }
    }
    for (const child of element.children) if (child.type === 'element') visit(child);
  };
  visit(container);
}

function alignOf(element: MarkupElement): 'left' | 'center' | 'right' | 'justify' | null {
  const style = /text-align\s*:\s*(left|center|right|justify)/i.exec(element.attrs['style'] ?? '')?.[1];
  if (style) return style.toLowerCase() as 'left' | 'center' | 'right' | 'justify';
  const classes = typesOf(element);
  if (classes.some((c) => ['center', 'centered', 'centre', 'align-center', 'text-center'].includes(c))) return 'center';
  if (classes.some((c) => ['right', 'align-right', 'text-right'].includes(c))) return 'right';
  if (classes.some((c) => ['justify', 'align-justify', 'text-justify'].includes(c))) return 'justify';
  return null;
}
