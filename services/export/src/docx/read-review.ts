import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { elementsNamed, firstNamed, parseMarkup, textOf, type MarkupElement } from '../import/epub/markup-tree';
import { wordImageSrc } from './reimported-images';

/*
 * An edited Word file read back into a book (issue 46, POST /book/{id}/import): its paragraphs as the
 * editor's blocks, Word's tracked insertions and deletions as the editor's suggestion marks (by the Word
 * author's name and date), and Word's comments as comment marks with their text, to become the book's
 * comment threads. Read from document.xml itself: mammoth accepts every tracked change and drops comments,
 * and both are what this import is for.
 */

/** A Word comment, anchored by a `comment` mark on the text it covers (`markId`). */
export interface WordComment {
  markId: string;
  /** A reply: the mark id of the comment it answers (Word's commentsExtended.xml says so). */
  replyTo?: string;
  author: string;
  date: string | undefined;
  body: string;
}

export interface WordReview {
  /** Every block of the body, in order; level-1 headings are chapter titles. */
  document: TiptapDocument;
  comments: WordComment[];
  /** Tracked changes read as suggestions. */
  suggestions: number;
}

/**
 * Who a Word author is: a person on the book (their name as the export wrote it) keeps their user id; any
 * other name is an outside author (suggestion-authors.ts).
 */
export type AuthorIds = (name: string, at: number) => string;

export function readWordReview(
  parts: {
    document: string;
    comments: string | undefined;
    commentsExtended?: string | undefined;
    numbering: string | undefined;
  },
  options: { suggestionId: AuthorIds; markPrefix: string },
): WordReview {
  const body = firstNamed(parseMarkup(parts.document), 'w:body');
  const reader = new ReviewReader(options, orderedLists(parts.numbering));
  const blocks = body ? reader.blocks(body) : [];
  const comments = readComments(parts.comments, parts.commentsExtended, reader.commentMarkIds);
  return { document: { type: 'doc', content: blocks }, comments, suggestions: reader.suggestionCount };
}

interface RunContext {
  marks: NonNullable<TiptapNode['marks']>;
}

class ReviewReader {
  /** Word's comment id → the comment mark's id in the book. */
  readonly commentMarkIds = new Map<string, string>();
  private readonly openComments = new Set<string>();
  private readonly suggestionIds = new Map<string, string>();
  suggestionCount = 0;

  constructor(
    private readonly options: { suggestionId: AuthorIds; markPrefix: string },
    /** The numbering ids (w:numId) whose lists are numbered; any other is a bulleted list. */
    private readonly ordered: ReadonlySet<string>,
  ) {}

  blocks(body: MarkupElement): TiptapNode[] {
    const out: TiptapNode[] = [];
    // A block quote or a list gathers the paragraphs of its kind that follow one another.
    let group = null as { key: string; node: TiptapNode } | null;
    for (const child of body.children) {
      if (child.type !== 'element' || child.name !== 'w:p') {
        // Comment ranges may sit between paragraphs; tables and the rest keep their paragraphs' text.
        if (child.type === 'element') this.between(child, out);
        continue;
      }
      const block = this.paragraph(child);
      const pictures = picturesOf(child);
      const numPr = firstNamed(child, 'w:numpr');
      const numId = numPr ? firstNamed(numPr, 'w:numid')?.attrs['w:val'] : undefined;
      const key = styleOf(child) === 'blockquote' ? 'quote' : numId ? `list:${numId}` : null;
      if (key === null) {
        group = null;
        out.push(...withPictures(block, pictures));
        continue;
      }
      if (group?.key !== key) {
        const type: string =
          key === 'quote' ? 'blockquote' : this.ordered.has(numId ?? '') ? 'orderedList' : 'bulletList';
        group = { key, node: { type, content: [] } };
        out.push(group.node);
      }
      // A list item opens with a paragraph (the schema's rule), even when it holds only a picture.
      group.node.content!.push(
        ...(key === 'quote'
          ? withPictures(block, pictures)
          : [{ type: 'listItem', content: [block.type === 'paragraph' ? block : paragraphOf(block), ...pictures] }]),
      );
    }
    return out;
  }

  private between(element: MarkupElement, out: TiptapNode[]): void {
    if (element.name === 'w:commentrangestart' || element.name === 'w:commentrangeend') {
      this.commentRange(element);
      return;
    }
    for (const p of elementsNamed(element, 'w:p')) out.push(...withPictures(this.paragraph(p), picturesOf(p)));
  }

  private paragraph(p: MarkupElement): TiptapNode {
    const style = styleOf(p);
    const content = this.inlines(p.children, { marks: [] });
    const align = alignmentOf(p);
    const attrs = align ? { textAlign: align } : {};
    const level = /^heading([1-3])$/.exec(style ?? '')?.[1];
    if (level) return { type: 'heading', attrs: { level: Number(level), ...attrs }, content };
    if (style === 'scenebreak') return { type: 'horizontalRule' };
    return { type: 'paragraph', ...(align ? { attrs } : {}), ...(content.length > 0 ? { content } : {}) };
  }

  private inlines(children: readonly MarkupElement['children'][number][], context: RunContext): TiptapNode[] {
    const out: TiptapNode[] = [];
    for (const child of children) {
      if (child.type !== 'element') continue;
      switch (child.name) {
        case 'w:r':
          out.push(...this.run(child, context));
          break;
        case 'w:ins':
        case 'w:del': {
          const mark = this.suggestion(child);
          out.push(...this.inlines(child.children, { marks: [...context.marks, mark] }));
          break;
        }
        case 'w:commentrangestart':
        case 'w:commentrangeend':
          this.commentRange(child);
          break;
        case 'w:hyperlink':
        case 'w:smarttag':
        case 'w:sdt':
        case 'w:sdtcontent':
        case 'w:fldsimple':
          out.push(...this.inlines(child.children, context));
          break;
        default:
          break;
      }
    }
    return out;
  }

  private run(r: MarkupElement, context: RunContext): TiptapNode[] {
    const marks = [...context.marks, ...formatting(firstNamed(r, 'w:rpr')), ...this.commentMarks()];
    const out: TiptapNode[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') out.push({ type: 'text', text, ...(marks.length > 0 ? { marks } : {}) });
      text = '';
    };
    for (const child of r.children) {
      if (child.type !== 'element') continue;
      if (child.name === 'w:t' || child.name === 'w:deltext') text += textOf(child);
      else if (child.name === 'w:tab') text += '\t';
      else if (child.name === 'w:noBreakHyphen'.toLowerCase()) text += '\u2011';
      else if (child.name === 'w:br' || child.name === 'w:cr') {
        // A page break is layout, not text; a line break is the editor's hard break.
        if (child.attrs['w:type'] === 'page') continue;
        flush();
        out.push({ type: 'hardBreak', ...(context.marks.length > 0 ? { marks: context.marks } : {}) });
      }
    }
    flush();
    return out;
  }

  /** The suggestion mark of a w:ins or w:del: one id per Word revision, naming its author and date. */
  private suggestion(element: MarkupElement): { type: string; attrs: { id: string } } {
    const type = element.name === 'w:ins' ? 'insertion' : 'deletion';
    const key = `${type}:${element.attrs['w:id'] ?? ''}:${element.attrs['w:author'] ?? ''}`;
    let id = this.suggestionIds.get(key);
    if (!id) {
      const date = Date.parse(element.attrs['w:date'] ?? '');
      id = this.options.suggestionId(
        element.attrs['w:author']?.trim() || 'Word',
        Number.isNaN(date) ? Date.now() : date,
      );
      this.suggestionIds.set(key, id);
      this.suggestionCount += 1;
    }
    return { type, attrs: { id } };
  }

  private commentRange(element: MarkupElement): void {
    const id = element.attrs['w:id'];
    if (id === undefined) return;
    if (element.name === 'w:commentrangestart') {
      if (!this.commentMarkIds.has(id)) this.commentMarkIds.set(id, `${this.options.markPrefix}${id}`);
      this.openComments.add(id);
    } else {
      this.openComments.delete(id);
    }
  }

  private commentMarks(): { type: string; attrs: { commentId: string } }[] {
    return [...this.openComments].map((id) => ({
      type: 'comment',
      attrs: { commentId: this.commentMarkIds.get(id)! },
    }));
  }
}

/**
 * The pictures of a paragraph, each a block of its own after the paragraph's text (the export writes them
 * in paragraphs of their own; an editor may put one anywhere), named by its relationship for now.
 */
function picturesOf(p: MarkupElement): TiptapNode[] {
  return elementsNamed(p, 'w:drawing').flatMap((drawing) => {
    const blip = elementsNamed(drawing, 'a:blip')[0]?.attrs['r:embed'];
    if (!blip) return [];
    const alt = elementsNamed(drawing, 'wp:docpr')[0]?.attrs['descr']?.trim();
    return [{ type: 'image', attrs: { src: wordImageSrc(blip), alt: alt || null, width: null } }];
  });
}

/** A paragraph's block and its pictures; a paragraph that held only pictures leaves no empty one behind. */
function withPictures(block: TiptapNode, pictures: TiptapNode[]): TiptapNode[] {
  const empty = block.type === 'paragraph' && (block.content ?? []).length === 0;
  return pictures.length > 0 && empty ? pictures : [block, ...pictures];
}

/** A heading or a scene break inside a list item, as the paragraph the item must open with. */
const paragraphOf = (block: TiptapNode): TiptapNode => ({
  type: 'paragraph',
  ...(block.content ? { content: block.content } : {}),
});

const styleOf = (p: MarkupElement): string | undefined =>
  firstNamed(p, 'w:ppr') && firstNamed(firstNamed(p, 'w:ppr')!, 'w:pstyle')?.attrs['w:val']?.toLowerCase();

function alignmentOf(p: MarkupElement): string | undefined {
  const pPr = p.children.find((c): c is MarkupElement => c.type === 'element' && c.name === 'w:ppr');
  const jc = pPr?.children.find((c): c is MarkupElement => c.type === 'element' && c.name === 'w:jc');
  const value = jc?.attrs['w:val'];
  if (value === 'center') return 'center';
  if (value === 'right' || value === 'end') return 'right';
  if (value === 'both' || value === 'distribute') return 'justify';
  return undefined;
}

/** Word's run properties as the editor's marks: a toggle is on unless its value says off. */
function formatting(rPr: MarkupElement | undefined): { type: string }[] {
  if (!rPr) return [];
  const on = (name: string) => {
    const element = rPr.children.find((c): c is MarkupElement => c.type === 'element' && c.name === name);
    if (!element) return false;
    const value = element.attrs['w:val'];
    return value === undefined || !['0', 'false', 'off', 'none'].includes(value.toLowerCase());
  };
  const marks: { type: string }[] = [];
  if (on('w:b')) marks.push({ type: 'bold' });
  if (on('w:i')) marks.push({ type: 'italic' });
  if (on('w:u')) marks.push({ type: 'underline' });
  if (on('w:strike')) marks.push({ type: 'strike' });
  if (on('w:smallcaps')) marks.push({ type: 'smallCaps' });
  const vertical = rPr.children.find((c): c is MarkupElement => c.type === 'element' && c.name === 'w:vertalign');
  if (vertical?.attrs['w:val'] === 'superscript') marks.push({ type: 'superscript' });
  if (vertical?.attrs['w:val'] === 'subscript') marks.push({ type: 'subscript' });
  return marks;
}

function readComments(
  xml: string | undefined,
  extendedXml: string | undefined,
  markIds: ReadonlyMap<string, string>,
): WordComment[] {
  if (!xml) return [];
  // A reply names its parent by the paraId of the parent's last paragraph (Word 2012's commentsExtended).
  const parentOfPara = new Map<string, string>();
  for (const entry of extendedXml ? elementsNamed(parseMarkup(extendedXml), 'w15:commentex') : []) {
    const parent = entry.attrs['w15:paraidparent'];
    if (entry.attrs['w15:paraid'] && parent) parentOfPara.set(entry.attrs['w15:paraid'], parent);
  }
  const all = elementsNamed(parseMarkup(xml), 'w:comment');
  const markOfPara = new Map<string, string>();
  for (const comment of all) {
    const lastPara = elementsNamed(comment, 'w:p').at(-1)?.attrs['w14:paraid'];
    const markId = markIds.get(comment.attrs['w:id'] ?? '');
    if (lastPara && markId) markOfPara.set(lastPara, markId);
  }
  const comments: WordComment[] = [];
  for (const comment of all) {
    const markId = markIds.get(comment.attrs['w:id'] ?? '');
    if (!markId) continue;
    const lastPara = elementsNamed(comment, 'w:p').at(-1)?.attrs['w14:paraid'];
    const parentPara = lastPara ? parentOfPara.get(lastPara) : undefined;
    const replyTo = parentPara ? markOfPara.get(parentPara) : undefined;
    const body = elementsNamed(comment, 'w:p')
      .map((p) =>
        elementsNamed(p, 'w:t')
          .map((t) => textOf(t))
          .join(''),
      )
      .join('\n')
      .trim();
    if (!body) continue;
    comments.push({
      markId,
      ...(replyTo && replyTo !== markId ? { replyTo } : {}),
      author: comment.attrs['w:author']?.trim() || 'Word',
      date: comment.attrs['w:date'],
      body,
    });
  }
  return comments;
}

/** The w:numId values of numbered (not bulleted) lists, from word/numbering.xml. */
function orderedLists(xml: string | undefined): Set<string> {
  const ordered = new Set<string>();
  if (!xml) return ordered;
  const tree = parseMarkup(xml);
  const numberedAbstracts = new Set(
    elementsNamed(tree, 'w:abstractnum')
      .filter((abstract) => {
        const format = firstNamed(abstract, 'w:numfmt')?.attrs['w:val'];
        return format !== undefined && format !== 'bullet' && format !== 'none';
      })
      .map((abstract) => abstract.attrs['w:abstractnumid']),
  );
  for (const num of elementsNamed(tree, 'w:num')) {
    const abstract = firstNamed(num, 'w:abstractnumid')?.attrs['w:val'];
    if (abstract !== undefined && numberedAbstracts.has(abstract) && num.attrs['w:numid'])
      ordered.add(num.attrs['w:numid']);
  }
  return ordered;
}
