import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import {
  bookImageMaxBytes,
  importedImagesMax,
  parseBookImageUrl,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { inlineText } from '../import/source/inline-text';
import { imageDropReasons, type ImageDropReason } from '../import/images/imported-images';

/** The src an image of the Word file holds until it is known as one of the book's: its relationship id. */
export const wordImageSrc = (relationshipId: string): string => `word-image:${relationshipId}`;
const wordImagePattern = /^word-image:(.+)$/;

/** The parts of the Word file the images need: the document's relationships and its media, within the limit. */
export const wantsImagePart = (name: string, size: number): boolean =>
  name === 'word/_rels/document.xml.rels' || (name.startsWith('word/media/') && size <= bookImageMaxBytes);

/**
 * Stores a picture added in Word as one of the book's images (the book service's book.image.store: the one
 * gate and encoding, as an upload from the editor) and answers its src, or why it was refused.
 */
export type StoreAddedImage = (bytes: Buffer) => Promise<{ src: string } | ImageDropReason>;

export interface ReimportedImages {
  nodes: TiptapNode[];
  /** Pictures added in Word and stored under the book. */
  added: number;
  /** Each picture left out, named (its alt text or file, and its chapter) with its reason. */
  refused: string[];
}

/**
 * The images of an edited Word file, exported from the book, back as the book's own. The export embeds
 * the stored bytes as they are, so a picture whose bytes' SHA-256 is the id of an image the manuscript
 * names is that image. Any other picture was added in Word: it is stored under the book through `store`
 * (within the upload limits, each distinct file once), or taken out and named with its reason. `nodes` are
 * the blocks with their chapter titles marked (level-1 headings), which name where a refused picture was.
 */
export async function bookImagesOf(
  nodes: TiptapNode[],
  zip: { names: readonly string[]; files: ReadonlyMap<string, Buffer> },
  stored: TiptapDocument,
  store: StoreAddedImage,
): Promise<ReimportedImages> {
  const known = knownImages(stored);
  const targets = imageTargets(zip.files.get('word/_rels/document.xml.rels')?.toString('utf8') ?? '');
  /** What each picture's bytes became, so a picture the file holds twice is stored (or refused) once. */
  const byHash = new Map<string, { src: string } | ImageDropReason>();
  const result: ReimportedImages = { nodes: [], added: 0, refused: [] };
  let chapter = '';

  const settle = async (part: string | undefined): Promise<{ src: string } | ImageDropReason> => {
    if (part === undefined || !zip.names.includes(part)) return 'missing';
    const bytes = zip.files.get(part);
    // Listed but not unpacked: over the limit (wantsImagePart), never inflated.
    if (!bytes) return 'tooLarge';
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const src = known.get(hash);
    if (src) return { src };
    const earlier = byHash.get(hash);
    if (earlier) return earlier;
    if (result.added >= importedImagesMax) return 'tooMany';
    const outcome = await store(bytes);
    if (typeof outcome !== 'string') result.added += 1;
    byHash.set(hash, outcome);
    return outcome;
  };

  const resolve = async (list: TiptapNode[]): Promise<TiptapNode[]> => {
    const out: TiptapNode[] = [];
    for (const node of list) {
      const relationship = node.type === 'image' ? wordImagePattern.exec(String(node.attrs?.['src'] ?? ''))?.[1] : null;
      if (!relationship) {
        out.push(node.content ? { ...node, content: await resolve(node.content) } : node);
        continue;
      }
      const part = targets.get(relationship);
      const outcome = await settle(part);
      if (typeof outcome !== 'string') out.push({ ...node, attrs: { ...node.attrs, src: outcome.src } });
      else result.refused.push(refusalText(node, part, chapter, outcome));
    }
    return out;
  };

  for (const node of nodes) {
    if (node.type === 'heading' && node.attrs?.['level'] === 1) chapter = inlineText(node.content ?? []).trim();
    result.nodes.push(...(await resolve([node])));
  }
  return result;
}

/** The images the manuscript names now, by image id to their src. */
function knownImages(stored: TiptapDocument): Map<string, string> {
  const known = new Map<string, string>();
  const collect = (node: TiptapNode) => {
    const parsed = node.type === 'image' ? parseBookImageUrl(String(node.attrs?.['src'] ?? '')) : null;
    if (parsed) known.set(parsed.imageId, String(node.attrs?.['src']));
    node.content?.forEach(collect);
  };
  stored.content.forEach(collect);
  return known;
}

/** The document's embedded parts by relationship id (a linked picture, TargetMode="External", has none). */
function imageTargets(rels: string): Map<string, string> {
  return new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].flatMap(([tag]) => {
      const id = /\bId="([^"]+)"/.exec(tag)?.[1];
      const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
      if (!id || !target || /\bTargetMode="External"/i.test(tag)) return [];
      // Targets are relative to word/ (or absolute from the package's root).
      const part = target.startsWith('/') ? target.slice(1) : posix.normalize(`word/${target}`);
      return [[id, part] as const];
    }),
  );
}

/** A refused picture as the report names it: its alt text (or its file), its chapter, and why. */
function refusalText(node: TiptapNode, part: string | undefined, chapter: string, reason: ImageDropReason): string {
  const alt = String(node.attrs?.['alt'] ?? '').trim();
  const name = alt ? `“${alt.length > 60 ? `${alt.slice(0, 59)}…` : alt}”` : part ? posix.basename(part) : 'A picture';
  const where = chapter ? ` in “${chapter.length > 80 ? `${chapter.slice(0, 79)}…` : chapter}”` : '';
  return `${name}${where}: ${imageDropReasons[reason]}`;
}
