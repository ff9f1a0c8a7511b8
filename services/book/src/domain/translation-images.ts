import { bookImageBlobKey, bookImageUrl, parseBookImageUrl, type TiptapNode } from '@bookwright/contracts/http';
import type { BookHandlerDeps } from '../handlers/deps';

/**
 * A translation's own copies of the original's images (decision 0050): the manuscript the writer translates
 * names them under the translation, so they survive the original's deletion and are served by the
 * translation's access rule, not the original's. Each image stored under the original is copied once; an
 * image the manuscript names under another book (or one not stored) is not the original's to give, and
 * keeps its src. Answers the manuscript to translate.
 */
export async function withTranslationImages(
  deps: Pick<BookHandlerDeps, 'blobs'>,
  { sourceId, translationId, content }: { sourceId: string; translationId: string; content: string },
): Promise<string> {
  // A manuscript without images is handed on as it is.
  if (!content.includes('/images/')) return content;
  const copied = new Map<string, boolean>();
  const copy = async (imageId: string): Promise<boolean> => {
    const known = copied.get(imageId);
    if (known !== undefined) return known;
    const blob = await deps.blobs.get(bookImageBlobKey(sourceId, imageId));
    if (blob)
      await deps.blobs.put(bookImageBlobKey(translationId, imageId), blob.data, { contentType: blob.contentType });
    copied.set(imageId, blob !== null);
    return blob !== null;
  };
  const rewrite = async (node: TiptapNode): Promise<TiptapNode> => {
    const parsed = node.type === 'image' ? parseBookImageUrl(String(node.attrs?.['src'] ?? '')) : null;
    if (parsed?.bookId === sourceId && (await copy(parsed.imageId)))
      return { ...node, attrs: { ...node.attrs, src: bookImageUrl(translationId, parsed.imageId) } };
    if (!node.content) return node;
    const content: TiptapNode[] = [];
    // One at a time: an image is read whole into memory.
    for (const child of node.content) content.push(await rewrite(child));
    return { ...node, content };
  };
  return JSON.stringify(await rewrite(JSON.parse(content) as TiptapNode));
}
