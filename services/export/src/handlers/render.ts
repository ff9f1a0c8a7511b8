import { AppError, exportMessages, type requests } from '@bookwright/contracts';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { exportTarget } from '../domain/export-target';
import { metadataIssues, missingMetadata } from '../domain/required-metadata';
import { manuscriptCharacters, parseManuscript, toExportBook } from '../domain/to-export-book';
import { produceEpub, producePrint, type ExportFile } from '../render/produce-export';
import { checkExport, type ExportCheckInput } from '../validation/validate-export';
import type { ExportHandlerDeps } from './deps';
import { loadBook, loadCover, ownCover } from './load-book';
import { exportDuration } from '../observability/export-metrics';
import { currentPagination, storePageMap } from '../page-map/page-map';

type Def = typeof requests.export.render;

/**
 * POST /book/export/{id}: renders the EPUB, the KDP interior or cover PDF, or a ZIP of both, into the
 * blob store under `exports/<bookId>/<uuid>/export.<ext>`; the gateway streams it to the author under its
 * fileName (the title's letters, which blob keys cannot hold).
 * Refusals, in order: 404 (not the user's book), 409 (not ready), 400 'Missing required metadata' with
 * `issues` (EPUB), 400 'Cover image required', 400 with `issues` (any other blocker of export validation,
 * KDP's page limits checked against the interior as laid out). The client's pageCount and spineWidth are
 * ignored: the server counts the pages itself.
 */
export function renderExport(deps: ExportHandlerDeps) {
  return async (
    { userId, bookId, request }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    const book = await loadBook(deps, { userId, bookId }, context);
    if (book.status !== 'ready') throw new AppError(409, exportMessages.notReady);
    const target = exportTarget(request);
    if (target.format === 'epub') {
      const missing = missingMetadata(book);
      if (missing.length > 0) {
        throw new AppError(400, exportMessages.missingMetadata, { extra: { issues: metadataIssues(missing) } });
      }
    }
    const needsCover = target.format === 'pdf' && target.print.exportType !== 'interior';
    if (needsCover && !ownCover(book)) throw new AppError(400, exportMessages.coverRequired);

    const document = parseManuscript(book.bookContent);
    const cover = await loadCover(deps, book, context);
    if (needsCover && !cover) throw new AppError(400, exportMessages.coverRequired);
    const exportBook = toExportBook(book, document, cover);
    const checkInput: ExportCheckInput = {
      target,
      book,
      characters: manuscriptCharacters(document),
      cover: cover && { widthPx: cover.widthPx, heightPx: cover.heightPx },
      printPageCount: null,
    };
    const modified = lastChange(book.updatedAt);

    let file: ExportFile;
    const started = performance.now();
    if (target.format === 'epub') {
      refuse(checkExport(checkInput).blockers);
      const pagination = await currentPagination(
        deps.blobs,
        { id: bookId, etag: book.etag, title: book.title, blockCount: document.content.length },
        context.logger,
      );
      file = await deps.renderSlots(() => produceEpub(deps.renderer, exportBook, modified, pagination ?? undefined));
    } else {
      const pdf = deps.renderer.pdf;
      // KDP's page limits wait for the interior's real page count; everything else is known now.
      const early = checkExport(checkInput);
      refuse(early.blockers.filter((blocker) => !early.pageBlockers.includes(blocker)));
      file = await deps
        .renderSlots(() =>
          producePrint(pdf, exportBook, target.print, {
            modified,
            confirmPageCount: (pageCount) => refuse(checkExport({ ...checkInput, printPageCount: pageCount }).blockers),
          }),
        )
        .catch(asRefusal);
    }

    const blobKey = `${exportBlobPrefix(bookId)}/${deps.newId()}/export${extensionOf(file.fileName)}`;
    await deps.blobs.put(blobKey, file.data, { contentType: file.contentType });
    if (target.format === 'pdf' && file.pagination) {
      // Kept for the EPUB's page list (page-map/page-map.ts); the export itself does not depend on it.
      const { trimSize, isPaperback } = target.print;
      await storePageMap(
        deps.blobs,
        bookId,
        { etag: book.etag, trimSize, paperback: isPaperback, madeAt: new Date().toISOString() },
        file.pagination,
      ).catch((error: unknown) => context.logger.warn({ err: error, bookId }, 'could not keep the page map'));
    }
    context.logger.info(
      { bookId, format: target.format, size: file.data.byteLength, ms: Math.round(performance.now() - started) },
      'export rendered',
    );
    exportDuration.observe(
      { format: target.format, export_type: target.format === 'pdf' ? target.print.exportType : 'ebook' },
      (performance.now() - started) / 1000,
    );
    return { blobKey, fileName: file.fileName, contentType: file.contentType, size: file.data.byteLength };
  };
}

/** `.epub`, `.pdf` or `.zip`: the part of a download name a blob key keeps. */
const extensionOf = (fileName: string): string => /\.[a-z]+$/.exec(fileName)?.[0] ?? '';

/** Every rendered file of a book lives under this prefix until the gateway has streamed it. */
export const exportBlobPrefix = (bookId: string): string => `exports/${bookId}`;

/** 400 with the blockers as `issues`, and all of them in the message (the bus carries only the message). */
function refuse(blockers: string[]): void {
  if (blockers.length > 0) throw new AppError(400, blockers.join(' '), { extra: { issues: blockers } });
}

/**
 * The PDF renderers' own refusals (they may come from a worker thread, rebuilt by name) as the 400s the
 * checks above would have answered; anything else stays a server error.
 */
function asRefusal(error: unknown): never {
  if (error instanceof Error && error.name === 'CoverImageRequiredError') {
    throw new AppError(400, exportMessages.coverRequired);
  }
  if (error instanceof Error && error.name === 'HardcoverCoverNotSupportedError') {
    throw new AppError(400, error.message, { extra: { issues: [error.message] } });
  }
  throw error;
}

/** The book's last change, which dates the EPUB (dcterms:modified); now if the stored time is unreadable. */
function lastChange(updatedAt: string): Date {
  const date = new Date(updatedAt);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
