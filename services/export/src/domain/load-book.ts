import {
  bookImageBlobKey,
  parseBookImageUrl,
  type TiptapNode,
  coverBlobKey,
  effectiveMetadataLanguage,
  parseCoverImageUrl,
  type Book,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import { loadSharp } from '@bookwright/kit/images';
import type { DocxReview } from '../docx';
import { parseManuscript } from './to-export-book';
import type { ExportBook, ExportImage } from '../export-book';
import type { ExportHandlerDeps } from '../handlers/deps';

/**
 * One of the user's books from the book service; its 404 (unknown id, someone else's book) passes through.
 * A book that never had a metadata language chosen declares the language it is written in.
 */
export async function loadBook(
  deps: ExportHandlerDeps,
  owner: { userId: string; bookId: string },
  context: RequestContext,
): Promise<Book> {
  const book = await deps.bus.request(
    requests.book.get,
    { ...owner, action: 'export' },
    {
      timeoutMs: deps.bookTimeoutMs,
      requestId: context.requestId,
    },
  );
  return { ...book, languageMetadata: effectiveMetadataLanguage(book) };
}

/**
 * True when the book points at a cover of its own (`/api/v1/book/{bookId}/cover-image/{coverId}/…`).
 * Anything else in coverImage — another book's cover, an outside URL — counts as no cover: exports never
 * fetch a URL and never read another book's files.
 */
export function ownCover(book: Pick<Book, '_id' | 'coverImage'>): { coverId: string } | null {
  const parsed = book.coverImage ? parseCoverImageUrl(book.coverImage) : null;
  return parsed && parsed.bookId === book._id ? { coverId: parsed.coverId } : null;
}

/** The cover's print master (the web size if the master is gone) with its upright pixel size; null when none. */
export async function loadCover(
  deps: ExportHandlerDeps,
  book: Pick<Book, '_id' | 'coverImage'>,
  context: RequestContext,
): Promise<ExportBook['cover']> {
  const cover = ownCover(book);
  if (!cover) return null;
  const blob =
    (await deps.blobs.get(coverBlobKey(book._id, cover.coverId, 'master'))) ??
    (await deps.blobs.get(coverBlobKey(book._id, cover.coverId, 'web')));
  if (!blob) {
    context.logger.warn({ bookId: book._id, coverId: cover.coverId }, 'the book names a cover that is not stored');
    return null;
  }
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(blob.data).metadata();
    const { width, height } = metadata.autoOrient ?? metadata;
    if (!width || !height) throw new Error('no dimensions');
    return { data: new Uint8Array(blob.data), contentType: blob.contentType, widthPx: width, heightPx: height };
  } catch (error) {
    context.logger.warn({ err: error, bookId: book._id }, 'the stored cover is not a readable image');
    return null;
  }
}

/**
 * What a Word export carries of the book's review (issue 46): its comment threads, and its people's names
 * (a suggestion's id names its author by user id), with the owner as the manuscript's contact. Asked of the
 * book service as the exporting user, who may read both (anyone on the book may).
 */
export async function loadReview(
  deps: ExportHandlerDeps,
  owner: { userId: string; bookId: string },
  book: Pick<Book, 'updatedAt'>,
  context: RequestContext,
): Promise<{ review: DocxReview; contact: { name: string; email: string } | null }> {
  const options = { timeoutMs: deps.bookTimeoutMs, requestId: context.requestId };
  const [{ comments }, { members }] = await Promise.all([
    deps.bus.request(requests.book.listComments, owner, options),
    deps.bus.request(requests.book.listMembers, owner, options),
  ]);
  const people: Record<string, string> = {};
  for (const member of members) people[member.id] = member.name;
  // Former members keep their names on their comments: they name the suggestions they made too.
  for (const thread of comments) {
    for (const author of [thread.author, ...thread.replies.map((reply) => reply.author)])
      people[author.id] ??= author.name;
  }
  const ownerMember = members.find((member) => member.role === 'owner');
  return {
    review: { people, comments, fallbackDate: book.updatedAt },
    contact: ownerMember ? { name: ownerMember.name, email: ownerMember.email } : null,
  };
}

/**
 * The cover and every image the stored manuscript names (all of them: a Word export carries the suggested
 * ones too).
 */
export async function loadPictures(
  deps: ExportHandlerDeps,
  book: Pick<Book, '_id' | 'coverImage' | 'bookContent'>,
  context: RequestContext,
): Promise<{ cover: ExportBook['cover']; images: Record<string, ExportImage> }> {
  const cover = await loadCover(deps, book, context);
  return { cover, images: await loadImages(deps, book._id, parseManuscript(book.bookContent), context) };
}

/**
 * The images the manuscript names that are this book's and stored, with their pixel sizes, by src. One that
 * is missing or unreadable is logged and left out of the export, never a failed export.
 */
export async function loadImages(
  deps: ExportHandlerDeps,
  bookId: string,
  document: { content: TiptapNode[] },
  context: RequestContext,
): Promise<Record<string, ExportImage>> {
  const sources = new Set<string>();
  const visit = (node: TiptapNode) => {
    if (node.type === 'image' && typeof node.attrs?.['src'] === 'string') sources.add(node.attrs['src']);
    node.content?.forEach(visit);
  };
  document.content.forEach(visit);
  const images: Record<string, ExportImage> = {};
  const sharp = await loadSharp();
  for (const src of sources) {
    const parsed = parseBookImageUrl(src);
    if (!parsed || parsed.bookId !== bookId) continue;
    const blob = await deps.blobs.get(bookImageBlobKey(bookId, parsed.imageId));
    try {
      if (!blob) throw new Error('not stored');
      const { width, height } = await sharp(blob.data).metadata();
      if (!width || !height) throw new Error('no dimensions');
      images[src] = {
        imageId: parsed.imageId,
        data: new Uint8Array(blob.data),
        contentType: blob.contentType,
        widthPx: width,
        heightPx: height,
      };
    } catch (error) {
      context.logger.warn({ err: error, bookId, imageId: parsed.imageId }, 'an image of the book is left out');
    }
  }
  return images;
}
