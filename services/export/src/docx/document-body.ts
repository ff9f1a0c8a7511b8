import { chaptersOf, chapterNodes, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { AlignmentType, HeadingLevel, ImageRun, Paragraph, type IParagraphOptions, type ParagraphChild } from 'docx';
import type { ExportImage } from '../export-book';
import type { ReviewRuns, Revision, RunStyle } from './review-runs';

/*
 * The manuscript (tiptap JSON, as stored: with its suggestion marks) as Word paragraphs, chapter by
 * chapter, from an allow-list like the EPUB's: paragraphs with their alignment, headings, block quotes,
 * lists (task items with their ballot box), scene breaks, line breaks, and the editor's marks. An unknown
 * container keeps its text; nothing is copied from the input but text, marks and a safe link target.
 */

type Alignment = (typeof AlignmentType)[keyof typeof AlignmentType];

/** How a layout sets the body; the rest (fonts, sizes, spacing) is in its styles. */
export interface BodyLayout {
  /** Body text's alignment where the editor set none. */
  bodyAlignment: Alignment;
  /** First-line indent of body paragraphs, in twentieths of a point. */
  firstLineIndent: number;
  /** Whether the first paragraph of a chapter, and the one after a heading or a scene break, is indented. */
  indentAfterBreaks: boolean;
  /** The text of a scene break (a horizontal rule in the editor), centred. */
  sceneBreak: string;
  /** Left and right inset of a block quote, in twentieths of a point. */
  quoteInset: number;
  /** Where a chapter's heading starts: on a new page, so far down. */
  chapterHeading: (first: boolean) => Omit<IParagraphOptions, 'children'>;
}

export interface BodyChapter {
  number: number;
  /** Plain text of the chapter's level-1 heading; null for text before the first one. */
  title: string | null;
  paragraphs: Paragraph[];
}

interface PendingParagraph {
  options: Omit<IParagraphOptions, 'children'>;
  children: ParagraphChild[];
}

const alignments: Record<string, Alignment> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.BOTH,
};

const headingLevels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

/** References of the numbering definitions the layouts declare. */
export const numberingReferences = { bullet: 'book-bullets', ordered: 'book-numbers' } as const;

export class DocumentBody {
  private paragraphs: PendingParagraph[] = [];
  private indentNext = false;
  private orderedLists = 0;

  constructor(
    private readonly layout: BodyLayout,
    private readonly runs: ReviewRuns,
    /** The book's images, by the src of their nodes (ExportBook.images). */
    private readonly images: Readonly<Record<string, ExportImage>> = {},
  ) {}

  chapters(document: TiptapDocument): BodyChapter[] {
    return chaptersOf(document).map((chapter, index) => {
      this.runs.startChapter(chapter.number);
      this.paragraphs = [];
      this.indentNext = this.layout.indentAfterBreaks;
      const nodes = chapterNodes(chapter);
      for (const node of nodes) {
        if (node === chapter.heading) this.chapterHeading(node, index === 0);
        else this.block(node, { depth: 0, revision: null, inQuote: false });
      }
      const closing = this.runs.closeChapter();
      if (closing.length > 0) {
        const last = this.paragraphs.at(-1);
        if (last) last.children.push(...closing);
        else this.paragraphs.push({ options: {}, children: closing });
      }
      const title = chapter.heading ? plainText(chapter.heading).replace(/\s+/g, ' ').trim() || null : null;
      return {
        number: chapter.number,
        title,
        paragraphs: this.paragraphs.map((p) => new Paragraph({ ...p.options, children: p.children })),
      };
    });
  }

  /**
   * An image embedded in a centred paragraph of its own, at most 6 by 8 inches (inside the margins of every
   * layout), its alt text as Word's description; an image that is not stored is left out.
   */
  private image(node: TiptapNode): void {
    const image = this.images[String(node.attrs?.['src'] ?? '')];
    if (!image) return;
    const width = node.attrs?.['width'];
    const share = typeof width === 'number' ? Math.min(1, Math.max(0.01, width / 100)) : null;
    // docx measures in pixels at 96 per inch. The author's width is a share of the 6-inch block, as the EPUB
    // and the PDF set it (a small picture is enlarged to it); without one, a picture keeps its size up to the block.
    const scale = Math.min(
      (6 * 96 * (share ?? 1)) / image.widthPx,
      (8 * 96) / image.heightPx,
      share === null ? 1 : Infinity,
    );
    const alt = typeof node.attrs?.['alt'] === 'string' ? node.attrs['alt'] : '';
    this.paragraphs.push({
      options: { alignment: AlignmentType.CENTER, keepNext: false },
      children: [
        new ImageRun({
          type: image.contentType === 'image/png' ? 'png' : 'jpg',
          data: image.data,
          transformation: {
            width: Math.max(1, Math.round(image.widthPx * scale)),
            height: Math.max(1, Math.round(image.heightPx * scale)),
          },
          altText: { name: `image-${image.imageId}`, description: alt, title: alt },
        }),
      ],
    });
    this.indentNext = this.layout.indentAfterBreaks;
  }

  private chapterHeading(node: TiptapNode, first: boolean): void {
    const revision = this.blockRevision(node, null);
    this.paragraphs.push({
      options: { ...this.layout.chapterHeading(first), heading: HeadingLevel.HEADING_1, ...paragraphMark(revision) },
      children: this.inlines(node.content ?? [], revision),
    });
    this.indentNext = this.layout.indentAfterBreaks;
  }

  private block(node: TiptapNode, context: BlockContext): void {
    const revision = this.blockRevision(node, context.revision);
    const attrs = revertedAttributes(node);
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node, attrs, { ...context, revision });
      case 'heading': {
        const level = typeof attrs.level === 'number' && attrs.level >= 1 && attrs.level <= 3 ? attrs.level : 2;
        this.paragraphs.push({
          options: {
            heading: headingLevels[level - 1],
            ...alignmentOf(attrs),
            ...paragraphMark(revision),
          },
          children: this.inlines(node.content ?? [], revision),
        });
        this.indentNext = this.layout.indentAfterBreaks;
        return;
      }
      case 'blockquote':
        for (const child of node.content ?? []) this.block(child, { ...context, revision, inQuote: true });
        return;
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        return this.list(node, { ...context, revision });
      case 'horizontalRule':
        this.paragraphs.push({
          options: { alignment: AlignmentType.CENTER, style: 'SceneBreak', ...paragraphMark(revision) },
          children: this.runs.text(this.layout.sceneBreak, {}, revision, undefined),
        });
        this.indentNext = this.layout.indentAfterBreaks;
        return;
      case 'image':
        return this.image(node);
      case 'text':
      case 'hardBreak':
        return this.paragraph({ type: 'paragraph', content: [node] }, {}, { ...context, revision });
      default:
        // An unknown container keeps its blocks (or its text, if it holds inline nodes).
        if ((node.content ?? []).some((child) => child.type === 'text')) {
          return this.paragraph({ type: 'paragraph', content: node.content ?? [] }, {}, { ...context, revision });
        }
        for (const child of node.content ?? []) this.block(child, { ...context, revision });
    }
  }

  private paragraph(node: TiptapNode, attrs: Record<string, unknown>, context: BlockContext): void {
    const aligned = alignmentOf(attrs);
    const indent =
      context.inQuote || context.depth > 0
        ? undefined
        : this.indentNext && !aligned.alignment
          ? { firstLine: this.layout.firstLineIndent }
          : undefined;
    const quote = context.inQuote ? { left: this.layout.quoteInset, right: this.layout.quoteInset } : undefined;
    this.paragraphs.push({
      options: {
        alignment: aligned.alignment ?? (context.inQuote ? AlignmentType.LEFT : this.layout.bodyAlignment),
        ...(indent || quote ? { indent: { ...indent, ...quote } } : {}),
        ...(context.inQuote ? { style: 'BlockQuote' } : {}),
        ...(context.list ? context.list : {}),
        ...paragraphMark(context.revision),
      },
      children: this.inlines(node.content ?? [], context.revision),
    });
    this.indentNext = !context.inQuote && context.depth === 0 ? true : this.indentNext;
  }

  private list(node: TiptapNode, context: BlockContext): void {
    const ordered = node.type === 'orderedList';
    const instance = ordered ? ++this.orderedLists : 0;
    for (const item of node.content ?? []) {
      const itemRevision = this.blockRevision(item, context.revision);
      const children = item.type === 'listItem' || item.type === 'taskItem' ? (item.content ?? []) : [item];
      let first = true;
      for (const child of children) {
        if (child.type === 'bulletList' || child.type === 'orderedList' || child.type === 'taskList') {
          this.list(child, { ...context, depth: context.depth + 1, revision: itemRevision });
          continue;
        }
        const numbering = first
          ? node.type === 'taskList'
            ? { indent: { left: 360 * (context.depth + 1), hanging: 360 } }
            : {
                numbering: {
                  reference: ordered ? numberingReferences.ordered : numberingReferences.bullet,
                  level: Math.min(context.depth, 4),
                  ...(ordered ? { instance } : {}),
                },
              }
          : { indent: { left: 720 * (context.depth + 1) } };
        const box = first && item.type === 'taskItem' ? (item.attrs?.checked === true ? '\u2611 ' : '\u2610 ') : '';
        const withBox: TiptapNode =
          box && child.type === 'paragraph'
            ? { ...child, content: [{ type: 'text', text: box }, ...(child.content ?? [])] }
            : child;
        this.block(withBox, { ...context, depth: context.depth + 1, revision: itemRevision, list: numbering });
        first = false;
      }
    }
    this.indentNext = this.layout.indentAfterBreaks;
  }

  /** The suggestion a whole block is part of (an inserted or deleted paragraph), or its parent's. */
  private blockRevision(node: TiptapNode, inherited: Revision | null): Revision | null {
    return suggestionOf(node.marks, this.runs) ?? inherited;
  }

  private inlines(nodes: readonly TiptapNode[], blockRevision: Revision | null): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const node of nodes) {
      const revision = suggestionOf(node.marks, this.runs) ?? blockRevision;
      const { style, href } = runStyle(node.marks);
      if (node.type === 'hardBreak') out.push(...this.runs.lineBreak(style, revision));
      else if (node.type === 'text') out.push(...this.runs.text(node.text ?? '', style, revision, href));
      else out.push(...this.inlines(node.content ?? [], revision));
    }
    return out;
  }
}

interface BlockContext {
  depth: number;
  revision: Revision | null;
  inQuote: boolean;
  list?: Pick<IParagraphOptions, 'numbering' | 'indent'>;
}

/** A paragraph inserted or deleted as a whole: its paragraph mark is tracked as well. */
function paragraphMark(revision: Revision | null): Pick<IParagraphOptions, 'run'> {
  if (!revision) return {};
  const change = { id: revision.id, author: revision.author, date: revision.date };
  return { run: revision.kind === 'insertion' ? { insertion: change } : { deletion: change } };
}

function alignmentOf(attrs: Record<string, unknown>): { alignment?: Alignment } {
  const align = typeof attrs.textAlign === 'string' ? alignments[attrs.textAlign] : undefined;
  // The editor's "left" is the default of a paragraph: only the others are worth saying.
  return align && align !== AlignmentType.LEFT ? { alignment: align } : {};
}

interface JsonMark {
  type?: unknown;
  attrs?: Record<string, unknown>;
}

const marksOf = (marks: unknown[] | undefined): JsonMark[] =>
  (marks ?? []).filter((m): m is JsonMark => typeof m === 'object' && m !== null);

function suggestionOf(marks: unknown[] | undefined, runs: ReviewRuns): Revision | null {
  for (const mark of marksOf(marks)) {
    if (mark.type === 'insertion') return runs.revision('insertion', mark.attrs?.id);
    if (mark.type === 'deletion') return runs.revision('deletion', mark.attrs?.id);
  }
  return null;
}

/**
 * A block's attributes as printed: a suggested change of an attribute (an alignment, a heading level) is
 * a modification mark holding the value before it; Word gets the value before, like every other export.
 */
function revertedAttributes(node: TiptapNode): Record<string, unknown> {
  const attrs: Record<string, unknown> = { ...(node.attrs ?? {}) };
  for (const mark of marksOf(node.marks)) {
    const name = mark.attrs?.attrName;
    if (mark.type === 'modification' && typeof name === 'string' && 'previousValue' in (mark.attrs ?? {})) {
      attrs[name] = mark.attrs?.previousValue;
    }
  }
  return attrs;
}

function runStyle(marks: unknown[] | undefined): { style: RunStyle; href: unknown } {
  const style: { -readonly [K in keyof RunStyle]: RunStyle[K] } = {};
  let href: unknown;
  for (const mark of marksOf(marks)) {
    switch (mark.type) {
      case 'bold':
        style.bold = true;
        break;
      case 'italic':
        style.italics = true;
        break;
      case 'underline':
        style.underline = {};
        break;
      case 'strike':
        style.strike = true;
        break;
      case 'superscript':
        style.superScript = true;
        break;
      case 'subscript':
        style.subScript = true;
        break;
      case 'smallCaps':
        style.smallCaps = true;
        break;
      case 'code':
        style.font = 'Courier New';
        break;
      case 'link':
        href = mark.attrs?.href;
        break;
    }
  }
  return { style, href };
}

export function plainText(node: TiptapNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return ' ';
  return (node.content ?? []).map(plainText).join('');
}
