import {
  bookSearchLimits,
  type BookSearchAnswer,
  type BookSearchResult,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { foldForSearch } from '@bookwright/contracts/text';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { libraryOf, type LibraryBook } from '../domain/library';
import { chapterMatch } from '../search/passage';
import { searchRepository, type ChaptersMentioning } from '../search/search.repository';
import type { BookHandlerDeps } from './deps';

type Request = z.output<(typeof requests.book.search)['request']>;

interface Candidate {
  book: LibraryBook;
  titleAt: number;
  mentions: ChaptersMentioning | undefined;
  order: number;
}

/** Title matches first, then the books whose text mentions it most often, then the library's order. */
const byRank = (a: Candidate, b: Candidate): number =>
  Number(b.titleAt >= 0) - Number(a.titleAt >= 0) ||
  (b.mentions?.chapters ?? 0) - (a.mentions?.chapters ?? 0) ||
  a.order - b.order;

/**
 * GET /book/search: the query in the titles and manuscripts of the books the person's library lists (the
 * library's own rule, domain/library.ts), bounded by bookSearchLimits (decision 0051). One scan of the
 * folded chapter texts of those books counts the chapters that mention it; only the listed books' first
 * matching chapters are then read to cut their passages.
 */
export function searchBooks(deps: BookHandlerDeps) {
  return async ({ userId, q, workspaceId }: Request): Promise<BookSearchAnswer> => {
    const folded = foldForSearch(q);
    const library = (await libraryOf(deps.db, userId)).filter(
      ({ row }) => workspaceId === undefined || row.workspace_id === workspaceId,
    );
    const mentions = await searchRepository.chaptersMentioning(
      deps.db,
      library.map(({ row }) => row.id),
      folded,
      bookSearchLimits.matchesPerBook,
    );
    const mentionsOf = new Map(mentions.map((found) => [found.book_id, found]));
    const candidates = library
      .map((book, order) => ({
        book,
        order,
        titleAt: foldForSearch(book.row.title).indexOf(folded),
        mentions: mentionsOf.get(book.row.id),
      }))
      .filter((candidate) => candidate.titleAt >= 0 || candidate.mentions !== undefined)
      .sort(byRank);
    const listed = candidates.slice(0, bookSearchLimits.books);
    return { results: await presentResults(deps, listed, folded), truncated: candidates.length > listed.length };
  };
}

/** The listed books with their passages, read from their first chapters that mention the query. */
async function presentResults(deps: BookHandlerDeps, listed: Candidate[], folded: string) {
  const places = listed.flatMap(({ book, mentions }) =>
    (mentions?.first ?? []).map((position) => ({ bookId: book.row.id, position })),
  );
  const chapters = await searchRepository.chapterNodes(deps.db, places);
  const nodesAt = new Map(chapters.map((row) => [`${row.book_id}/${row.position}`, row.nodes]));
  return listed.map(({ book, titleAt, mentions }): BookSearchResult => {
    const matches = (mentions?.first ?? []).flatMap((position) => {
      const nodes = nodesAt.get(`${book.row.id}/${position}`);
      const match = nodes && chapterMatch(position, JSON.parse(`[${nodes}]`) as TiptapNode[], folded);
      return match ? [match] : [];
    });
    return {
      bookId: book.row.id,
      title: book.row.title,
      status: book.row.status,
      ...(book.row.workspace_id ? { workspaceId: book.row.workspace_id } : {}),
      titleMatch: titleAt >= 0 ? { start: titleAt, end: titleAt + folded.length } : null,
      chapterMatches: mentions?.chapters ?? 0,
      matches,
    };
  });
}
