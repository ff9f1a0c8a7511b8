import type { BlobStore, Logger } from '@bookwright/kit';
import { TrimSizeSchema } from '@bookwright/contracts/http';
import { z } from 'zod';
import type { EpubPagination } from '../epub/page-list';
import type { PrintPagination } from '../pdf/print-pagination';

/**
 * A KDP interior export keeps its pagination (which manuscript block starts on which printed page) in the
 * blob store next to the export files, one per trim size, stamped with the book version (ETag) it was laid
 * out from. An EPUB export of that same version then carries the print edition's page breaks and page
 * list without laying the book out again; any later change to the book makes the map stale, and an EPUB
 * made after it has none (it never claims page navigation it does not have).
 */
export const PageMapSchema = z.object({
  /** The book's ETag when the interior was laid out. */
  etag: z.string().min(1),
  trimSize: TrimSizeSchema,
  paperback: z.boolean(),
  /** When the interior was exported: the newest map of a version wins. */
  madeAt: z.string().datetime(),
  pageCount: z.number().int().positive(),
  blockPages: z.array(z.number().int().min(0)),
  blankPages: z.array(z.number().int().positive()),
  lastTextPage: z.number().int().min(0),
  /** Maps kept before front matter was recorded have none: their EPUBs mark chapter pages only. */
  frontPages: z
    .array(
      z.object({
        page: z.number().int().positive(),
        kind: z.enum(['half-title', 'title', 'copyright', 'contents']),
      }),
    )
    .default([]),
});
export type PageMap = z.infer<typeof PageMapSchema>;

/** Under the book's export prefix, so the map goes with the book (on-book-deleted removes the prefix). */
export const pageMapPrefix = (bookId: string): string => `exports/${bookId}/page-maps`;
export const pageMapKey = (bookId: string, trimSize: string): string => `${pageMapPrefix(bookId)}/${trimSize}.json`;

export async function storePageMap(
  blobs: BlobStore,
  bookId: string,
  map: Omit<PageMap, 'pageCount' | 'blockPages' | 'blankPages' | 'lastTextPage' | 'frontPages'>,
  pagination: PrintPagination,
): Promise<void> {
  const stored: PageMap = PageMapSchema.parse({ ...map, ...pagination });
  const data = new TextEncoder().encode(JSON.stringify(stored));
  await blobs.put(pageMapKey(bookId, map.trimSize), data, { contentType: 'application/json' });
}

/**
 * The newest page map of this version of the book, as the EPUB takes it; null when no interior of this
 * version was exported (or its map is unreadable, or no longer matches the manuscript's blocks).
 */
export async function currentPagination(
  blobs: BlobStore,
  book: { id: string; etag: string; title: string; blockCount: number },
  logger: Logger,
): Promise<EpubPagination | null> {
  let best: PageMap | null = null;
  for (const key of await blobs.list(pageMapPrefix(book.id))) {
    const blob = await blobs.get(key);
    if (!blob) continue;
    let parsed: ReturnType<typeof PageMapSchema.safeParse>;
    try {
      parsed = PageMapSchema.safeParse(JSON.parse(blob.data.toString('utf8')));
    } catch {
      parsed = PageMapSchema.safeParse(null);
    }
    if (!parsed.success) {
      logger.warn({ key }, 'a stored page map is unreadable: ignored');
      continue;
    }
    const map = parsed.data;
    if (map.etag !== book.etag || map.blockPages.length !== book.blockCount) continue;
    if (!best || map.madeAt > best.madeAt) best = map;
  }
  if (!best) return null;
  return {
    blockPages: best.blockPages,
    blankPages: best.blankPages,
    lastTextPage: best.lastTextPage,
    frontPages: best.frontPages,
    source: printEditionSource(book.title, best),
  };
}

/** dc:source names the print edition the page numbers come from. */
export function printEditionSource(title: string, map: Pick<PageMap, 'trimSize' | 'paperback'>): string {
  const trim = map.trimSize.replace('x', ' × ');
  return `${title.trim()}, ${map.paperback ? 'paperback' : 'hardcover'} print edition, ${trim} in`;
}
