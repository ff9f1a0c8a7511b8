import { createHash } from 'node:crypto';
import { bookImageMaxBytes, parseBookImageUrl, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';

/** The src an image of the Word file holds until it is known as one of the book's: its relationship id. */
export const wordImageSrc = (relationshipId: string): string => `word-image:${relationshipId}`;
const wordImagePattern = /^word-image:(.+)$/;

/** The parts of the Word file the images need: the document's relationships and its media, within the limit. */
export const wantsImagePart = (name: string, size: number): boolean =>
  name === 'word/_rels/document.xml.rels' || (name.startsWith('word/media/') && size <= bookImageMaxBytes);

/**
 * The images of an edited Word file, exported from the book, back as the book's own: the export embeds the
 * stored bytes as they are, so a picture whose bytes' SHA-256 is the id of an image the manuscript names is
 * that image. Any other picture (added in Word) is not one of the book's: it is taken out and counted, as
 * the book service stores only what passed the image gate.
 */
export function bookImagesOf(
  nodes: TiptapNode[],
  files: ReadonlyMap<string, Buffer>,
  stored: TiptapDocument,
): { nodes: TiptapNode[]; dropped: number } {
  const known = new Map<string, string>();
  const collect = (node: TiptapNode) => {
    const parsed = node.type === 'image' ? parseBookImageUrl(String(node.attrs?.['src'] ?? '')) : null;
    if (parsed) known.set(parsed.imageId, String(node.attrs?.['src']));
    node.content?.forEach(collect);
  };
  stored.content.forEach(collect);
  const rels = files.get('word/_rels/document.xml.rels')?.toString('utf8') ?? '';
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].flatMap(([tag]) => {
      const id = /\bId="([^"]+)"/.exec(tag)?.[1];
      const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
      return id && target ? [[id, `word/${target.replace(/^\/?(word\/)?/, '')}`] as const] : [];
    }),
  );
  let dropped = 0;
  const resolve = (list: TiptapNode[]): TiptapNode[] =>
    list.flatMap((node) => {
      const relationship = node.type === 'image' ? wordImagePattern.exec(String(node.attrs?.['src'] ?? ''))?.[1] : null;
      if (!relationship) return [node.content ? { ...node, content: resolve(node.content) } : node];
      const bytes = files.get(targets.get(relationship) ?? '');
      const src = bytes ? known.get(createHash('sha256').update(bytes).digest('hex').slice(0, 32)) : undefined;
      if (src) return [{ ...node, attrs: { ...node.attrs, src } }];
      dropped += 1;
      return [];
    });
  return { nodes: resolve(nodes), dropped };
}
