import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import type { Content, ContentStack, ContentText, ContentTocItem, PageBreak } from 'pdfmake/interfaces';
import {
  baseLevel,
  bidiLevels,
  fontFamilies,
  normalizeSpaces,
  scriptFamilies,
  splitByCoverage,
  textWidthEm,
} from '../fonts';
import type { KeepLinesNode } from './keep-lines';
import { smallCapitals } from './small-caps';
import { printRun } from './text-runs';
import type { Typography } from './typography';
import type { ExportImage } from '../export-book';

/**
 * Turns the manuscript (tiptap JSON) into pdfmake content: one section per level-1 heading (a chapter),
 * each starting on a right-hand page, with book typography — justified paragraphs with a first-line indent
 * except after headings and breaks, headings kept with the lines that follow them, and short paragraphs
 * never split across pages (no one-line widows or orphans from them).
 */

/** A pdfmake node after layout: pdfmake records where each line landed. */
export interface PlacedNode {
  positions?: { pageNumber: number }[];
}

export interface InteriorSection {
  /** Plain text of the chapter's level-1 heading; null for text before the first chapter heading. */
  title: string | null;
  /** The section's pdfmake node: a stack that starts on an odd page. */
  node: ContentStack & PlacedNode;
  /** The heading node (its page is the chapter's first page and its TOC entry). */
  heading: PlacedNode | null;
  /** The last leaf: pdfmake corrects the page of lines that carry an id, even inside unbreakable blocks. */
  lastLeaf: PlacedNode | null;
  /** Estimated body lines, for the page-count estimate. */
  estimatedLines: number;
  /** Each manuscript block of the section (heading included) with its first leaf, whose page is the block's. */
  starts: { source: TiptapNode; leaf: PlacedNode }[];
}

type Inline = Exclude<ContentText['text'], Content[]> | ContentText;

interface Block {
  content: Content;
  /** The manuscript node it was made from (top-level blocks only). */
  source?: TiptapNode;
  lines: number;
  unbreakable: boolean;
  kind: 'paragraph' | 'blank' | 'heading' | 'list' | 'quote' | 'break' | 'image';
}

interface Mark {
  type: string;
  attrs?: { href?: unknown };
}

export function plainText(node: TiptapNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(plainText).join('');
}

interface RawSection {
  title: string | null;
  heading: TiptapNode | null;
  blocks: TiptapNode[];
}

/**
 * Splits the document at level-1 headings. Content before the first one becomes an untitled section; so
 * does a chapter whose heading is empty. Sections with neither a title nor any text are dropped.
 */
export function splitSections(document: TiptapDocument): RawSection[] {
  const sections: RawSection[] = [];
  const hasContent = (blocks: TiptapNode[]) =>
    blocks.some((b) => b.type === 'horizontalRule' || b.type === 'image' || plainText(b).trim() !== '');
  let current: RawSection = { title: null, heading: null, blocks: [] };
  const flush = () => {
    if (current.heading || hasContent(current.blocks)) sections.push(current);
  };
  for (const node of document.content) {
    if (node.type === 'heading' && node.attrs?.level === 1) {
      flush();
      const title = plainText(node).replace(/\s+/g, ' ').trim();
      current = { title: title || null, heading: title ? node : null, blocks: [] };
    } else {
      current.blocks.push(node);
    }
  }
  flush();
  return sections;
}

export class InteriorContentBuilder {
  constructor(
    private readonly typo: Typography,
    private readonly oddBreak: PageBreak,
    /** The images of the book, by the src of their nodes (ExportBook.images). */
    private readonly images: Readonly<Record<string, ExportImage>> = {},
  ) {}

  sections(document: TiptapDocument): InteriorSection[] {
    return splitSections(document).map((s) => this.section(s.title, s.heading, s.blocks));
  }

  private section(title: string | null, headingNode: TiptapNode | null, nodes: TiptapNode[]): InteriorSection {
    const { typo } = this;
    const stack: Content[] = [];
    let heading: (ContentTocItem & PlacedNode) | null = null;
    const starts: InteriorSection['starts'] = [];
    let lines = 0;
    if (headingNode && title !== null) {
      // `outline` (a PDF bookmark) is pdfmake 0.3 API that its type definitions do not list.
      const placed = {
        text: this.inlines(headingNode.content ?? [], { plain: true }) as ContentTocItem['text'],
        fontSize: typo.h1Size,
        alignment: 'center',
        margin: [0, typo.chapterSinkPt, 0, typo.leadingPt * 0.9],
        tocItem: true,
        outline: true,
        outlineText: title,
      } as ContentTocItem & PlacedNode;
      heading = placed;
      starts.push({ source: headingNode, leaf: placed });
      const ornamentHalf = typo.bodySize * 1.6;
      const middle = typo.textWidthPt / 2;
      stack.push(placed, {
        canvas: [{ type: 'line', x1: middle - ornamentHalf, y1: 0, x2: middle + ornamentHalf, y2: 0, lineWidth: 0.6 }],
        margin: [0, 0, 0, typo.leadingPt * 1.6],
      });
      const titleLines = Math.ceil((textWidthEm(title) * typo.h1Size) / typo.textWidthPt);
      lines += (typo.chapterSinkPt + titleLines * typo.h1Size * 1.3) / typo.leadingPt + 2.5;
    }

    const blocks = this.blocks(nodes, typo.textWidthPt, { indentFirst: false, allowUnbreakable: true });
    this.keepHeadingsWithNext(blocks);
    for (const block of blocks) {
      stack.push(block.content);
      lines += block.lines;
    }
    const last = blocks.at(-1);
    const lastLeaf = last ? markLastLeaf(last.content) : heading;
    for (const block of blocks) {
      const leaf = block.source ? markFirstLeaf(block.content) : null;
      if (block.source && leaf) starts.push({ source: block.source, leaf });
    }
    return {
      title,
      node: { stack, pageBreak: this.oddBreak },
      heading,
      lastLeaf,
      estimatedLines: lines + blocks.filter((b) => b.unbreakable).length * 0.25,
      starts,
    };
  }

  /** Converts block nodes; `indentFirst` says whether a leading paragraph gets the first-line indent. */
  private blocks(
    nodes: TiptapNode[],
    widthPt: number,
    options: { indentFirst: boolean; allowUnbreakable: boolean; align?: 'left' },
  ): Block[] {
    const out: Block[] = [];
    let indent = options.indentFirst;
    for (const node of nodes) {
      const block = this.block(node, widthPt, indent, options);
      if (!block) continue;
      out.push({ ...block, source: node });
      indent = block.kind === 'paragraph';
    }
    return out;
  }

  private block(
    node: TiptapNode,
    widthPt: number,
    indent: boolean,
    options: { allowUnbreakable: boolean; align?: 'left' },
  ): Block | null {
    const { typo } = this;
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node, widthPt, indent, options);
      case 'heading':
        return this.subheading(node);
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        return this.list(node, widthPt);
      case 'blockquote': {
        const inset = typo.indentPt * 1.5;
        const inner = this.blocks(node.content ?? [], widthPt - 2 * inset, {
          indentFirst: false,
          allowUnbreakable: false,
        });
        return {
          content: {
            stack: inner.map((b) => b.content),
            margin: [inset, typo.leadingPt * 0.5, inset, typo.leadingPt * 0.5],
          },
          lines: inner.reduce((sum, b) => sum + b.lines, 0) + 1,
          unbreakable: false,
          kind: 'quote',
        };
      }
      case 'horizontalRule':
        return {
          content: {
            text: '*\u00a0\u00a0\u00a0\u00a0*\u00a0\u00a0\u00a0\u00a0*',
            alignment: 'center',
            margin: [0, typo.leadingPt * 0.5, 0, typo.leadingPt * 0.5],
          },
          lines: 2,
          unbreakable: false,
          kind: 'break',
        };
      case 'image':
        return this.image(node, widthPt);
      default:
        return null;
    }
  }

  /**
   * An image scaled to the text block (or to its width's share, when the author set one), and never taller
   * than four fifths of it, so a caption line or the text around it still has room; centred.
   */
  private image(node: TiptapNode, widthPt: number): Block | null {
    const image = this.images[String(node.attrs?.['src'] ?? '')];
    if (!image) return null;
    const { typo } = this;
    const share =
      typeof node.attrs?.['width'] === 'number' ? Math.min(1, Math.max(0.01, node.attrs['width'] / 100)) : 1;
    const box: [number, number] = [widthPt * share, typo.textHeightPt * 0.8];
    const heightPt = image.heightPx * Math.min(box[0] / image.widthPx, box[1] / image.heightPx);
    const data = `data:${image.contentType};base64,${Buffer.from(image.data).toString('base64')}`;
    return {
      content: {
        image: data,
        fit: box,
        alignment: 'center',
        margin: [0, typo.leadingPt * 0.5, 0, typo.leadingPt * 0.5],
      },
      lines: Math.ceil(heightPt / typo.leadingPt) + 1,
      unbreakable: false,
      kind: 'image',
    };
  }

  private paragraph(
    node: TiptapNode,
    widthPt: number,
    indent: boolean,
    options: { allowUnbreakable: boolean; align?: 'left' },
  ): Block {
    const { typo } = this;
    const text = plainText(node);
    if (text.trim() === '') {
      return { content: { text: '\u00a0' }, lines: 1, unbreakable: false, kind: 'blank' };
    }
    const requested = node.attrs?.textAlign;
    const alignment =
      requested === 'center' || requested === 'right' || requested === 'left'
        ? requested
        : (options.align ?? 'justify');
    const indented = indent && alignment === 'justify';
    const lines = estimateLines(text, typo.bodySize, widthPt, indented ? typo.indentPt : 0);
    const unbreakable = options.allowUnbreakable && lines >= 2 && lines <= 3;
    const content: ContentText = { text: this.inlines(node.content ?? []), alignment };
    if (indented) content.leadingIndent = typo.indentPt;
    if (unbreakable) content.unbreakable = true;
    else (content as KeepLinesNode).keepLines = true;
    return { content, lines, unbreakable, kind: 'paragraph' };
  }

  private subheading(node: TiptapNode): Block {
    const { typo } = this;
    const level = Number(node.attrs?.level ?? 2);
    const size = level === 2 ? typo.h2Size : typo.h3Size;
    const text: ContentText = {
      text: this.inlines(node.content ?? [], { plain: true }),
      fontSize: size,
      bold: level <= 3,
      italics: level >= 3,
      alignment: 'left',
      margin: [0, typo.leadingPt * (level === 2 ? 1.2 : 0.8), 0, typo.leadingPt * 0.4],
    };
    const titleLines = Math.ceil((textWidthEm(plainText(node)) * size) / typo.textWidthPt);
    return {
      content: { stack: [text], unbreakable: true },
      lines: titleLines * (size / typo.bodySize) + (level === 2 ? 1.6 : 1.2),
      unbreakable: true,
      kind: 'heading',
    };
  }

  /**
   * pdfmake has no keep-with-next. A heading becomes an unbreakable unit with an invisible spacer as tall
   * as the lines that must follow it (two, or a whole short paragraph); the next block is pulled back up
   * by the same height. If the unit does not fit at the bottom of a page, heading and spacer move on
   * together, so a heading never ends a page.
   */
  private keepHeadingsWithNext(blocks: Block[]): void {
    const { typo } = this;
    for (let i = 0; i < blocks.length - 1; i += 1) {
      const block = blocks[i];
      const next = blocks[i + 1];
      if (!block || !next || block.kind !== 'heading') continue;
      const keepLines = next.unbreakable ? Math.min(3, Math.ceil(next.lines)) : 2;
      const reserve = keepLines * typo.leadingPt;
      (block.content as ContentStack).stack.push({ text: '\u00a0', lineHeight: typo.lineHeight * keepLines });
      pullUp(next.content, reserve);
    }
  }

  private list(node: TiptapNode, widthPt: number): Block {
    const { typo } = this;
    const inset = typo.indentPt;
    let lines = 1;
    const items: Content[] = [];
    for (const item of node.content ?? []) {
      const inner = this.blocks(item.content ?? [], widthPt - inset, {
        indentFirst: false,
        allowUnbreakable: false,
        align: 'left',
      });
      lines += inner.reduce((sum, b) => sum + b.lines, 0);
      const contents = inner.map((b) => b.content);
      if (node.type === 'taskList') {
        const box: ContentText = {
          text: item.attrs?.checked === true ? '\u2611\u2002' : '\u2610\u2002',
          font: fontFamilies.symbols,
        };
        const first = contents[0] as ContentText | undefined;
        if (first && typeof first === 'object' && 'text' in first) {
          contents[0] = { ...first, text: [box, ...asInlineArray(first.text)] } as Content;
        } else {
          contents.unshift({ text: [box] });
        }
      }
      items.push(contents.length === 1 && contents[0] ? contents[0] : { stack: contents });
    }
    const margin: [number, number, number, number] = [0, typo.leadingPt * 0.4, 0, typo.leadingPt * 0.4];
    const content: Content =
      node.type === 'orderedList'
        ? { ol: items, start: Number(node.attrs?.start ?? 1), margin }
        : node.type === 'taskList'
          ? { ul: items, type: 'none', margin }
          : { ul: items, margin };
    return { content, lines: lines + 0.8, unbreakable: false, kind: 'list' };
  }

  /** Inline content with marks; characters the body font lacks are set in a fallback font, per glyph. */
  inlines(nodes: TiptapNode[], options: { plain?: boolean } = {}): string | Inline[] {
    if (nodes.length === 1 && nodes[0]?.type === 'text' && !nodes[0].marks?.length) {
      const text = normalizeSpaces(nodes[0].text ?? '');
      const runs = splitByCoverage(text);
      if (runs.length === 1 && runs[0]?.family === fontFamilies.body) return text;
    }
    // The bidi algorithm runs over the whole paragraph: a space or comma between two spans takes its
    // direction from the letters on both sides, whatever marks they carry.
    const pieces = nodes.map((node) =>
      node.type === 'hardBreak' ? '\n' : node.type === 'text' && node.text ? normalizeSpaces(node.text) : '',
    );
    const paragraph = pieces.join('');
    const base = baseLevel(paragraph);
    const levels = bidiLevels(paragraph, base);
    let offset = 0;
    const out: ContentText[] = [];
    for (const [index, node] of nodes.entries()) {
      const at = offset;
      offset += pieces[index]?.length ?? 0;
      if (node.type === 'hardBreak') {
        out.push({ text: '\n' });
        continue;
      }
      if (node.type !== 'text' || !node.text) continue;
      const value = pieces[index] ?? '';
      const valueLevels = levels ? levels.subarray(at, at + value.length) : null;
      const marks = options.plain ? [] : ((node.marks ?? []) as Mark[]);
      const style: Omit<ContentText, 'text'> = {};
      let code = false;
      let smallCaps = false;
      let href: string | null = null;
      for (const mark of marks) {
        if (mark.type === 'bold') style.bold = true;
        else if (mark.type === 'italic') style.italics = true;
        else if (mark.type === 'underline') style.decoration = 'underline';
        else if (mark.type === 'strike') style.decoration = 'lineThrough';
        else if (mark.type === 'superscript') style.sup = true;
        else if (mark.type === 'subscript') style.sub = true;
        else if (mark.type === 'code') code = true;
        else if (mark.type === 'smallCaps') smallCaps = true;
        else if (mark.type === 'link' && typeof mark.attrs?.href === 'string') href = mark.attrs.href;
      }
      // Code is set as it is typed, left to right: at an even level of its own within the paragraph.
      const ltrLevel = base + (base % 2);
      const bidi = levels ? { bidiLevel: ltrLevel, bidiBase: base } : {};
      if (code) {
        out.push({ ...style, ...bidi, text: value, font: fontFamilies.mono, fontSize: this.typo.bodySize * 0.88 });
        continue;
      }
      for (const run of splitByCoverage(value, valueLevels)) {
        const inline = printRun(run, style, this.typo.lineHeight, base);
        out.push(...(smallCaps ? smallCapitals(inline, this.typo.bodySize) : [inline]));
      }
      // Print cannot be clicked: show where a link goes when its text does not already say so.
      if (href && !value.includes(href.replace(/^(https?:\/\/|mailto:)/, ''))) {
        const where = ` (${href.replace(/^mailto:/, '')})`;
        out.push({ ...style, ...bidi, text: where, fontSize: this.typo.bodySize * 0.85 });
      }
    }
    joinPunctuation(out);
    const only = out[0];
    return out.length === 1 && only && Object.keys(only).length === 1 ? (only.text as string) : (out as Inline[]);
  }
}

const closing = /^[,.;:!?)\]}»”’›…%]+/;
const opening = /[([{«“„‘‚‹¿¡]+$/;

/**
 * pdfmake justifies by spreading space between all inline runs, even where a style changes inside a word,
 * so "*italic*," would print as "italic ,". Punctuation touching a style boundary moves into the run it
 * touches (closing marks join the run before, opening marks the run after) — italic punctuation after an
 * italic word is the traditional setting anyway.
 */
const rightToLeftFonts = new Set<string>([scriptFamilies.arabic, scriptFamilies.hebrew]);

function joinPunctuation(runs: ContentText[]): void {
  for (let i = 1; i < runs.length; i += 1) {
    const before = runs[i - 1];
    const after = runs[i];
    if (!before || !after || typeof before.text !== 'string' || typeof after.text !== 'string') continue;
    if (/\s$/.test(before.text) || /^\s/.test(after.text)) continue;
    // Inside a right-to-left run the mark would be drawn at the run's far (left) end.
    if (rightToLeftFonts.has(String(before.font)) || rightToLeftFonts.has(String(after.font))) continue;
    const close = closing.exec(after.text)?.[0];
    if (close && close.length < after.text.length + 1) {
      before.text += close;
      after.text = after.text.slice(close.length);
    }
    const open = opening.exec(before.text)?.[0];
    if (open && open.length < before.text.length) {
      before.text = before.text.slice(0, -open.length);
      after.text = open + after.text;
    }
  }
  for (let i = runs.length - 1; i >= 0; i -= 1) if (runs[i]?.text === '') runs.splice(i, 1);
}

function asInlineArray(text: ContentText['text']): Inline[] {
  if (Array.isArray(text)) return text as Inline[];
  return [text as Inline];
}

function pullUp(content: Content, byPt: number): void {
  if (typeof content !== 'object' || Array.isArray(content)) return;
  const node = content as { margin?: [number, number, number, number] | number };
  const margin = node.margin;
  const [left, top, right, bottom] = Array.isArray(margin)
    ? margin
    : [margin ?? 0, margin ?? 0, margin ?? 0, margin ?? 0];
  node.margin = [left, top - byPt, right, bottom];
}

/** Gives the last leaf an id: pdfmake then records its real page even inside a moved unbreakable block. */
let leafIds = 0;

/** The first leaf (text) of a block, given an id for the same reason: where the block starts, for the page map. */
function markFirstLeaf(content: Content): PlacedNode | null {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return null;
  if ('stack' in content && Array.isArray(content.stack)) {
    const child = content.stack[0];
    return child === undefined ? null : markFirstLeaf(child);
  }
  if ('ul' in content || 'ol' in content) {
    const items = ('ul' in content ? content.ul : content.ol) as Content[];
    const child = items[0];
    return child === undefined ? null : markFirstLeaf(child);
  }
  if ('text' in content) {
    const leaf = content as { id?: string };
    if (leaf.id === undefined) {
      leafIds += 1;
      leaf.id = `block-start-${leafIds}`;
    }
    return content as PlacedNode;
  }
  return null;
}
function markLastLeaf(content: Content): PlacedNode | null {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return null;
  if ('stack' in content && Array.isArray(content.stack)) {
    // An unbreakable unit sits on one page: its first leaf's page is the unit's page.
    const child = (content as { unbreakable?: boolean }).unbreakable ? content.stack[0] : content.stack.at(-1);
    return child === undefined ? null : markLastLeaf(child);
  }
  if ('ul' in content || 'ol' in content) {
    const items = ('ul' in content ? content.ul : content.ol) as Content[];
    const child = items.at(-1);
    return child === undefined ? null : markLastLeaf(child);
  }
  if ('text' in content) {
    leafIds += 1;
    (content as { id?: string }).id = `section-end-${leafIds}`;
    return content as PlacedNode;
  }
  return null;
}

/** Lines a paragraph takes, from the body font's advance widths (a few percent high on purpose). */
export function estimateLines(text: string, sizePt: number, widthPt: number, indentPt: number): number {
  let lines = 0;
  for (const segment of text.split('\n')) {
    const width = textWidthEm(segment) * sizePt + indentPt;
    lines += Math.max(1, Math.ceil(width / (widthPt * 0.96)));
    indentPt = 0;
  }
  return lines;
}
