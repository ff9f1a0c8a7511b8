import mammoth from 'mammoth';
import { bookImageMaxBytes, type TiptapNode } from '@bookwright/contracts/http';
import { isAllowedLink } from '@bookwright/manuscript';
import { readZip } from '../zip/read-zip';
import { importRefusal } from '../refusal';
import { InlineBuilder, type InlineMark } from '../source/inline-text';
import {
  countDropped,
  noteReference,
  type DroppedCounts,
  type SourceBlock,
  type SourceDocument,
} from '../source/source-document';
import { countComments, countHeadersAndFooters, dropFromDocumentXml } from './docx-dropped';
import { coreProperties } from './core-properties';
import { ImportedImages, type ImageDropReason } from '../images/imported-images';

/**
 * The parts of a Word file the import reads, and its images within the image limit (a larger one is only
 * listed, never inflated, and dropped); the rest is listed, never inflated.
 */
const wantedPart = (name: string, size: number): boolean =>
  /^(?:\[Content_Types\]\.xml|_rels\/\.rels|docProps\/core\.xml|word\/[^/]+\.xml|word\/_rels\/[^/]+\.rels)$/.test(
    name,
  ) ||
  (/^word\/media\//.test(name) && size <= bookImageMaxBytes);

/**
 * A Word file (.docx) through mammoth's reading of it (styles, numbering, notes, runs), from our own
 * unpacking of the zip (limits first: read-zip.ts). mammoth's HTML is not used: its document model keeps
 * what its HTML loses (alignment, underline, small caps), and the book's nodes are built from it directly.
 */
export async function readDocx(bytes: Buffer): Promise<SourceDocument> {
  const zip = await readZip(bytes, wantedPart);
  const documentXml = zip.files.get('word/document.xml');
  if (!documentXml) throw importRefusal('corrupt');
  const dropped: DroppedCounts = {};
  const parts = new Map(zip.files);
  parts.set('word/document.xml', Buffer.from(dropFromDocumentXml(documentXml.toString('utf8'), dropped), 'utf8'));
  countComments(zip.files.get('word/comments.xml')?.toString('utf8'), dropped);
  countHeadersAndFooters(
    [...zip.files]
      .filter(([name]) => /^word\/(?:header|footer)\d*\.xml$/.test(name))
      .map(([, xml]) => xml.toString('utf8')),
    dropped,
  );

  let model: MammothDocument | undefined;
  try {
    await mammoth.convertToHtml({ file: zipFileOf(parts) } as unknown as { buffer: Buffer }, {
      includeDefaultStyleMap: false,
      transformDocument: (document: MammothDocument) => {
        model = document;
        // Nothing left for mammoth's HTML writer to do: the book is built from the model.
        return { ...document, children: [] };
      },
    });
  } catch (error) {
    throw importRefusal('corrupt', error);
  }
  if (!model) throw importRefusal('corrupt');
  const images = new ImportedImages(dropped);
  const reader = new DocxBlocks(model, dropped, images);
  const blocks = await reader.withImages(reader.blocks(model.children), (name) => zip.names.includes(name));
  return {
    kind: 'docx',
    blocks,
    images,
    notes: reader.notes,
    declared: coreProperties(zip.files.get('docProps/core.xml')?.toString('utf8')),
    dropped,
  };
}

/** mammoth's zip interface over parts already unpacked (and checked) by read-zip.ts. */
function zipFileOf(parts: ReadonlyMap<string, Buffer>) {
  return {
    exists: (name: string) => parts.has(name),
    read: async (name: string, encoding?: string) => {
      const data = parts.get(name);
      if (!data) throw new Error(`no ${name} in the document`);
      if (encoding === 'base64') return data.toString('base64');
      return encoding ? new TextDecoder(encoding).decode(data) : data;
    },
    write: () => undefined,
    toArrayBuffer: () => Promise.reject(new Error('read only')),
  };
}

interface MammothElement {
  type: string;
  children?: MammothElement[];
  styleName?: string | null;
  styleId?: string | null;
  alignment?: string | null;
  numbering?: { level: string; isOrdered: boolean } | null;
  isBold?: boolean;
  isItalic?: boolean;
  isUnderline?: boolean;
  isStrikethrough?: boolean;
  isSmallCaps?: boolean;
  verticalAlignment?: string;
  value?: string;
  href?: string;
  breakType?: string;
  noteType?: string;
  noteId?: string;
  checked?: boolean;
  body?: MammothElement[];
  altText?: string;
  read?: () => Promise<Buffer>;
}
interface MammothDocument extends MammothElement {
  children: MammothElement[];
  notes: { resolve(reference: { noteType: string; noteId: string }): { body: MammothElement[] } | null };
}

const quoteStyles = /^(?:quote|intense quote|block ?text|block ?quote|quotation|zitat|citation|citazione|cita)$/i;
const alignments: Record<string, 'left' | 'center' | 'right' | 'justify'> = {
  left: 'left',
  start: 'left',
  center: 'center',
  right: 'right',
  end: 'right',
  both: 'justify',
  distribute: 'justify',
};

class DocxBlocks {
  readonly notes = new Map<string, TiptapNode[]>();
  private readonly seenNotes = new Set<string>();
  /** The images of the paragraph being read, and those waiting for their bytes (withImages). */
  private paragraphImages: MammothElement[] = [];
  private readonly waitingImages = new Map<TiptapNode, MammothElement>();

  constructor(
    private readonly document: MammothDocument,
    private readonly dropped: DroppedCounts,
    private readonly images: ImportedImages,
  ) {}

  /**
   * The blocks and the notes with each image read, checked and named (in order, one at a time: a decoded
   * image is large), and the images dropped taken out. `stored` tells whether the zip holds a part at all.
   */
  async withImages(blocks: SourceBlock[], stored: (name: string) => boolean): Promise<SourceBlock[]> {
    const kept: SourceBlock[] = [];
    for (const block of blocks) {
      const node = await this.withImage(block.node, stored);
      if (node) kept.push(node === block.node ? block : { ...block, node });
    }
    for (const [id, body] of this.notes) {
      const nodes: TiptapNode[] = [];
      for (const node of body) {
        const read = await this.withImage(node, stored);
        if (read) nodes.push(read);
      }
      // A note that was only a picture the import could not keep is no note: its reference goes too.
      if (nodes.some((node) => node.type === 'image' || (node.content ?? []).length > 0)) this.notes.set(id, nodes);
      else this.notes.delete(id);
    }
    return kept;
  }

  /** A node with its images read; null for an image dropped, or a list item or quote left with nothing. */
  private async withImage(node: TiptapNode, stored: (name: string) => boolean): Promise<TiptapNode | null> {
    const element = this.waitingImages.get(node);
    if (element) return this.images.node(await imageBytes(element, stored), element.altText);
    if (!node.content || !node.content.some((child) => this.holdsImage(child))) return node;
    const content: TiptapNode[] = [];
    for (const child of node.content) {
      const read = await this.withImage(child, stored);
      if (read) content.push(read);
    }
    const empty = content.every((child) => child.type === 'paragraph' && (child.content ?? []).length === 0);
    if (['listItem', 'blockquote', 'bulletList', 'orderedList'].includes(node.type) && empty) return null;
    return { ...node, content };
  }

  private holdsImage(node: TiptapNode): boolean {
    return this.waitingImages.has(node) || (node.content ?? []).some((child) => this.holdsImage(child));
  }

  /** Paragraphs in order, consecutive list paragraphs as one list and quote paragraphs as one block quote. */
  blocks(elements: readonly MammothElement[]): SourceBlock[] {
    const blocks: SourceBlock[] = [];
    let list: { ordered: boolean; items: TiptapNode[][] } | undefined;
    let quote: TiptapNode[] | undefined;
    const closeList = () => {
      if (list) {
        const items = list.items.map((content) => ({ type: 'listItem', content }));
        blocks.push({
          node: list.ordered
            ? { type: 'orderedList', attrs: { start: 1 }, content: items }
            : { type: 'bulletList', content: items },
        });
      }
      list = undefined;
    };
    const closeQuote = () => {
      if (quote && quote.length > 0) blocks.push({ node: { type: 'blockquote', content: quote } });
      quote = undefined;
    };
    for (const element of elements) {
      if (element.type === 'table') {
        closeList();
        closeQuote();
        countDropped(this.dropped, 'unsupported-content');
        continue;
      }
      if (element.type !== 'paragraph') continue;
      const style = (element.styleName ?? element.styleId ?? '').toLowerCase();
      const paragraph = this.paragraph(element);
      // A picture is a block of its own in the book, after its paragraph's text: in a list item (whose
      // first block is a paragraph, in the schema), in a quote, in a note or in the chapter.
      const images = this.paragraphImages.map((image) => this.waitingImage(image));
      this.paragraphImages = [];
      const hasText = (paragraph.content ?? []).length > 0;
      if (element.numbering && !/^heading/.test(style)) {
        closeQuote();
        if (list && list.ordered !== element.numbering.isOrdered) closeList();
        list ??= { ordered: element.numbering.isOrdered, items: [] };
        if (hasText || images.length > 0) list.items.push([{ ...paragraph, type: 'paragraph', attrs: {} }, ...images]);
        continue;
      }
      closeList();
      if (quoteStyles.test(style)) {
        quote ??= [];
        if (hasText) quote.push(paragraph);
        quote.push(...images);
        continue;
      }
      closeQuote();
      if (images.length === 0 || hasText) blocks.push(style ? { node: paragraph, style } : { node: paragraph });
      blocks.push(...images.map((node) => ({ node })));
    }
    closeList();
    closeQuote();
    return blocks;
  }

  /** A placeholder for an image until withImages has read it. */
  private waitingImage(element: MammothElement): TiptapNode {
    const node: TiptapNode = { type: 'image', attrs: {} };
    this.waitingImages.set(node, element);
    return node;
  }

  private paragraph(element: MammothElement): TiptapNode {
    const style = (element.styleName ?? element.styleId ?? '').toLowerCase();
    const builder = new InlineBuilder();
    this.inline(element.children ?? [], [], builder);
    const textAlign = alignments[element.alignment ?? ''] ?? null;
    const level = /^heading\s*(\d)$/.exec(style)?.[1];
    if (level !== undefined)
      return {
        type: 'heading',
        attrs: { level: Math.min(3, Math.max(1, Number(level))), textAlign },
        content: builder.content(),
      };
    return { type: 'paragraph', attrs: { textAlign }, content: builder.content() };
  }

  private inline(elements: readonly MammothElement[], marks: InlineMark[], builder: InlineBuilder): void {
    for (const element of elements) {
      switch (element.type) {
        case 'run':
          this.inline(element.children ?? [], [...marks, ...runMarks(element)], builder);
          break;
        case 'text':
          builder.text(element.value ?? '', marks);
          break;
        case 'tab':
          builder.text('\t', marks);
          break;
        case 'break':
          if (element.breakType === 'line' || element.breakType === undefined) builder.node({ type: 'hardBreak' });
          break;
        case 'hyperlink': {
          const href = element.href;
          const link: InlineMark[] =
            href && /^[a-z][a-z0-9+.-]*:/i.test(href) && isAllowedLink(href)
              ? [{ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null } }]
              : [];
          this.inline(element.children ?? [], [...marks, ...link], builder);
          break;
        }
        case 'noteReference':
          this.noteReference(element, builder);
          break;
        case 'image':
          this.paragraphImages.push(element);
          break;
        case 'checkbox':
          builder.text(element.checked ? '☒' : '☐', marks);
          break;
        default:
          if (element.children) this.inline(element.children, marks, builder);
      }
    }
  }

  private noteReference(element: MammothElement, builder: InlineBuilder): void {
    const noteType = element.noteType ?? 'footnote';
    const noteId = element.noteId ?? '';
    const id = `${noteType}-${noteId}`;
    if (!this.seenNotes.has(id)) {
      this.seenNotes.add(id);
      const note = this.document.notes.resolve({ noteType, noteId });
      if (!note) return;
      const body = this.blocks(note.body)
        .map((block) => block.node)
        .filter(
          (node) => (node.type === 'paragraph' && (node.content ?? []).length > 0) || this.waitingImages.has(node),
        )
        .map((node) => (node.type === 'paragraph' ? { ...node, attrs: {} } : node));
      if (body.length === 0) return;
      // A note becomes an item of the endnotes' list, which opens with a paragraph: a picture alone gets an empty one.
      this.notes.set(id, body[0]!.type === 'paragraph' ? body : [{ type: 'paragraph' }, ...body]);
    }
    if (this.notes.has(id)) builder.node(noteReference(id));
  }
}

/** The bytes of a Word image, or why there are none (over the limit, or linked to a file outside). */
async function imageBytes(
  element: MammothElement,
  stored: (name: string) => boolean,
): Promise<Buffer | ImageDropReason> {
  if (!element.read) return 'missing';
  try {
    return await element.read();
  } catch (error) {
    // mammoth names the part it could not read: one in the zip was over the limit (never inflated).
    const part = /no (\S+) in the document/.exec(error instanceof Error ? error.message : '')?.[1];
    return part && stored(part) ? 'tooLarge' : 'missing';
  }
}

function runMarks(run: MammothElement): InlineMark[] {
  const marks: InlineMark[] = [];
  if (run.isBold) marks.push({ type: 'bold' });
  if (run.isItalic) marks.push({ type: 'italic' });
  if (run.isUnderline) marks.push({ type: 'underline' });
  if (run.isStrikethrough) marks.push({ type: 'strike' });
  if (run.isSmallCaps) marks.push({ type: 'smallCaps' });
  if (run.verticalAlignment === 'superscript') marks.push({ type: 'superscript' });
  if (run.verticalAlignment === 'subscript') marks.push({ type: 'subscript' });
  return marks;
}
