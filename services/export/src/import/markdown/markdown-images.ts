import type { TiptapNode } from '@bookwright/contracts/http';
import { bookImageMaxBytes } from '@bookwright/contracts/http';
import type MarkdownIt from 'markdown-it';
import type { ImportedImages } from '../images/imported-images';

/** An image the Markdown names, as `![alt](src)` wrote it. */
interface MarkdownImage {
  src: string;
  alt: string;
}

const open = '\uE002';
const close = '\uE003';
const markerPattern = new RegExp(`${open}(\\d+)${close}`, 'g');
const placeholderType = 'markdownImage';

/**
 * The images of one Markdown file. Markdown's images are inline, the book's are blocks: the tokenizer's
 * rule below leaves a marker in the text where each was, `liftImages` splits its paragraph there into the
 * text before, the image and the text after, and `resolveImages` reads each one. Only what the file itself
 * holds can be kept: a `data:` URI (decoded, then through the one image gate); a remote URL or a path to
 * another file is dropped and named in the report.
 */
export class MarkdownImages {
  private readonly found: MarkdownImage[] = [];

  constructor(private readonly images: ImportedImages) {}

  /** markdown-it's core rule: each image token becomes a marker in the text. */
  mark(tokenizer: MarkdownIt): void {
    // markdown-it takes an image's data: URI only with a `;` parameter (base64); a percent-encoded one too.
    const validateLink = tokenizer.validateLink.bind(tokenizer);
    tokenizer.validateLink = (url) => /^data:image\/(?:png|jpeg|webp|gif)[;,]/i.test(url.trim()) || validateLink(url);
    tokenizer.core.ruler.push('mark-images', (state) => {
      for (const token of state.tokens) {
        if (!token.children) continue;
        token.children = token.children.map((child) => {
          if (child.type !== 'image') return child;
          const marker = new state.Token('text', '', 0);
          marker.content = `${open}${this.found.length}${close}`;
          this.found.push({ src: child.attrGet('src') ?? '', alt: child.content });
          return marker;
        });
      }
      return true;
    });
  }

  /** A block with its paragraphs split around their images (placeholders, until `resolveImages`). */
  lift(node: TiptapNode): TiptapNode[] {
    if (node.type === 'paragraph' && hasMarker(node)) return splitParagraph(node);
    if (!node.content) return [node];
    return [{ ...node, content: node.content.flatMap((child) => this.lift(child)) }];
  }

  /** A note's paragraph: a note holds no image, so each is dropped and counted. */
  withoutImages(node: TiptapNode): TiptapNode {
    if (node.type === 'text') {
      const text = node.text ?? '';
      if (!text.includes(open)) return node;
      for (const _ of text.matchAll(markerPattern)) this.images.drop('placement');
      return { ...node, text: text.replace(markerPattern, '') };
    }
    return node.content ? { ...node, content: node.content.map((child) => this.withoutImages(child)) } : node;
  }

  /** Each placeholder replaced by its image, read and checked one at a time, or taken out when dropped. */
  async resolve(nodes: TiptapNode[]): Promise<TiptapNode[]> {
    const kept: TiptapNode[] = [];
    for (const node of nodes) {
      if (node.type === placeholderType) {
        const image = this.found[Number(node.attrs?.['index'])]!;
        const read = await this.images.node(embeddedBytes(image.src), image.alt);
        if (read) kept.push(read);
      } else kept.push(node.content ? { ...node, content: await this.resolve(node.content) } : node);
    }
    return kept;
  }
}

const hasMarker = (node: TiptapNode): boolean =>
  (node.content ?? []).some((child) => child.type === 'text' && (child.text ?? '').includes(open));

/** A paragraph's runs before, between and after its images; a run left empty is no paragraph. */
function splitParagraph(paragraph: TiptapNode): TiptapNode[] {
  const blocks: TiptapNode[] = [];
  let runs: TiptapNode[] = [];
  const endRuns = () => {
    const trimmed = trimRuns(runs);
    if (trimmed.length > 0) blocks.push({ ...paragraph, content: trimmed });
    runs = [];
  };
  for (const child of paragraph.content ?? []) {
    const text = child.type === 'text' ? (child.text ?? '') : '';
    if (!text.includes(open)) {
      runs.push(child);
      continue;
    }
    let at = 0;
    for (const match of text.matchAll(markerPattern)) {
      if (match.index > at) runs.push({ ...child, text: text.slice(at, match.index) });
      endRuns();
      blocks.push({ type: placeholderType, attrs: { index: Number(match[1]) } });
      at = match.index + match[0].length;
    }
    if (at < text.length) runs.push({ ...child, text: text.slice(at) });
  }
  endRuns();
  return blocks;
}

/** Without the line breaks and spaces that only stood between the text and an image. */
function trimRuns(runs: TiptapNode[]): TiptapNode[] {
  const kept = [...runs];
  const blank = (node: TiptapNode | undefined) =>
    node !== undefined && (node.type === 'hardBreak' || (node.type === 'text' && (node.text ?? '').trim() === ''));
  while (blank(kept[0])) kept.shift();
  while (blank(kept.at(-1))) kept.pop();
  if (kept[0]?.type === 'text') kept[0] = { ...kept[0], text: kept[0].text!.trimStart() };
  const last = kept.at(-1);
  if (last?.type === 'text') kept[kept.length - 1] = { ...last, text: last.text!.trimEnd() };
  return kept;
}

/**
 * The bytes a `data:` URI holds (base64 or percent-encoded), or why there are none: anything else is a file
 * outside the document (a remote URL, a path). Too long an URI is refused before it is decoded.
 */
function embeddedBytes(src: string): Buffer | 'missing' | 'tooLarge' {
  const data = /^data:([^,]*),/i.exec(src.trim());
  if (!data) return 'missing';
  const payload = src.trim().slice(data[0].length);
  const base64 = /;base64$/i.test(data[1]!);
  // Base64 holds 3 bytes in 4 characters; a percent-encoded byte takes at least one.
  if ((base64 ? (payload.length * 3) / 4 : payload.length / 3) > bookImageMaxBytes) return 'tooLarge';
  if (!base64) {
    const bytes = payload.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(payload.replace(/\s+/g, ''), 'base64');
}
