import {
  AppError,
  chapterCharacters,
  documentText,
  exportFileName,
  exportMessages,
  type Book,
  type DocxLayout,
} from '@bookwright/contracts/http';
import { countWords } from '@bookwright/contracts/text';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { keepIfBookExists, type RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import type { DocxOptions } from '../docx';
import { exportTarget, type ExportTarget } from '../domain/export-target';
import type { ExportBook } from '../export-book';
import { metadataIssues, missingMetadata } from '../domain/required-metadata';
import { manuscriptCharacters, parseManuscript, printedBookContent, toExportBook } from '../domain/to-export-book';
import { contentTypes, produceEpub, producePrint, type ExportFile } from '../render/produce-export';
import { checkExport, type ExportCheckInput } from '../validation/validate-export';
import type { ExportHandlerDeps } from './deps';
import { loadBook, loadPictures, loadReview, ownCover } from '../domain/load-book';
import { exportDuration } from '../observability/export-metrics';
import { currentPagination, pageMapKey, storePageMap } from '../page-map/page-map';

type Def = typeof requests.export.render;

/**
 * POST /book/export/{id}: renders the EPUB, the KDP interior or cover PDF, or a ZIP of both, into the
 * blob store under `exports/<bookId>/<uuid>/export.<ext>`; the gateway streams it to the author under its
 * fileName (the title's letters, which blob keys cannot hold).
 * Refusals, in order: 404 (not the user's book), 409 (not ready), 400 'Missing required metadata' with
 * `issues` (EPUB), 400 'Cover image required', 400 with `issues` (any other blocker of export validation,
 * KDP's page limits checked against the interior as laid out). The client's pageCount and spineWidth are
 * ignored: the server counts the pages itself. The file is made from the manuscript's printed form (open
 * suggestions rejected, comments out); the answer says how many suggestions it left out. A Word document
 * (docx, issue 46) is the exception: it is made from the manuscript as stored, with its open suggestions as
 * tracked changes and the book's comments as Word comments, so it leaves none out.
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

    const { document, openSuggestions } = printedBookContent(book.bookContent);
    const { cover, images } = await loadPictures(deps, book, context);
    if (needsCover && !cover) throw new AppError(400, exportMessages.coverRequired);
    const exportBook = { ...toExportBook(book, document, cover), images };
    const checkInput: ExportCheckInput = {
      target,
      book,
      characters: manuscriptCharacters(document),
      chapterCharacters: chapterCharacters(document),
      cover: cover && { widthPx: cover.widthPx, heightPx: cover.heightPx },
      printPageCount: null,
    };
    const modified = lastChange(book.updatedAt);

    let file: ExportFile;
    const started = performance.now();
    if (target.format === 'docx') {
      const printed = { words: countWords(documentText(document)), characters: checkInput.characters };
      file = await produceDocx(deps, { userId, book, exportBook, printed, layout: target.layout }, context);
    } else if (target.format === 'epub') {
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

    const blobKey = await storeExport(deps, { bookId, etag: book.etag, target, file }, context);
    context.logger.info(
      { bookId, format: target.format, size: file.data.byteLength, ms: Math.round(performance.now() - started) },
      'export rendered',
    );
    exportDuration.observe(
      {
        format: target.format,
        export_type:
          target.format === 'pdf' ? target.print.exportType : target.format === 'docx' ? target.layout : 'ebook',
      },
      (performance.now() - started) / 1000,
    );
    const result = {
      blobKey,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.data.byteLength,
      // A Word file holds the open suggestions (as tracked changes): none is left out of it.
      openSuggestions: target.format === 'docx' ? 0 : openSuggestions,
    };
    await announceExport(deps, { userId, bookId, ...result }, context);
    return result;
  };
}

/**
 * The Word file. Word carries the review: the manuscript as stored, its open suggestions as tracked changes
 * and its comments as Word comments (issue 46); counts and the page estimate are the printed form's. It is
 * checked as an OOXML package before it is kept: a file Word could not open is never offered.
 */
async function produceDocx(
  deps: ExportHandlerDeps,
  input: { userId: string; book: Book; exportBook: ExportBook; printed: DocxOptions['printed']; layout: DocxLayout },
  context: RequestContext,
): Promise<ExportFile> {
  const { book, layout, printed } = input;
  const { review, contact } = await loadReview(deps, { userId: input.userId, bookId: book._id }, book, context);
  const stored = { ...input.exportBook, document: parseManuscript(book.bookContent) };
  const docx = await deps.renderSlots(() => deps.renderer.docx(stored, { layout, review, printed, contact }));
  // jszip is loaded only for the exports that need it.
  const { checkDocxPackage } = await import('../docx/package-check');
  await checkDocxPackage(docx.data).catch((error: unknown) => {
    throw new AppError(500, exportMessages.docxDamaged, { cause: error });
  });
  return {
    data: docx.data,
    fileName: exportFileName(book.title, 'docx', undefined, layout),
    contentType: contentTypes.docx,
  };
}

/**
 * book.exported, for the webhooks (issue 45). The file is made and held whether or not this is heard: a
 * failure to publish is logged, never the caller's error. There is no outbox here (the export service keeps
 * no data): a crash between the file and the event loses the event, and the caller still has the file.
 */
async function announceExport(
  deps: Pick<ExportHandlerDeps, 'bus'>,
  made: { userId: string; bookId: string; fileName: string; size: number; openSuggestions: number },
  context: RequestContext,
): Promise<void> {
  const format = extensionOf(made.fileName).slice(1);
  if (format !== 'epub' && format !== 'pdf' && format !== 'zip' && format !== 'docx') return;
  await deps.bus
    .publish(events.bookExported, {
      bookId: made.bookId,
      exportedBy: made.userId,
      format,
      fileName: made.fileName,
      size: made.size,
      openSuggestions: made.openSuggestions,
      at: new Date().toISOString(),
    })
    .catch((error: unknown) =>
      context.logger.warn({ err: error, bookId: made.bookId }, 'book.exported could not be published'),
    );
}

/** `.epub`, `.pdf`, `.zip` or `.docx`: the part of a download name a blob key keeps. */
const extensionOf = (fileName: string): string => /\.[a-z]+$/.exec(fileName)?.[0] ?? '';

/** Every rendered file of a book lives under this prefix until the gateway has streamed it. */
/**
 * Stores a rendered file (and an interior's page map) under the book. A render takes seconds, and the
 * book may have been deleted meanwhile: then what was stored goes again and the answer is 404.
 */
async function storeExport(
  deps: ExportHandlerDeps,
  { bookId, etag, target, file }: { bookId: string; etag: string; target: ExportTarget; file: ExportFile },
  context: RequestContext,
): Promise<string> {
  const blobKey = `${exportBlobPrefix(bookId)}/${deps.newId()}/export${extensionOf(file.fileName)}`;
  await deps.blobs.put(blobKey, file.data, { contentType: file.contentType });
  const written = [blobKey];
  if (target.format === 'pdf' && file.pagination) {
    // Kept for the EPUB's page list (page-map/page-map.ts); the export itself does not depend on it.
    const { trimSize, isPaperback } = target.print;
    await storePageMap(
      deps.blobs,
      bookId,
      { etag, trimSize, paperback: isPaperback, madeAt: new Date().toISOString() },
      file.pagination,
    ).then(
      () => written.push(pageMapKey(bookId, trimSize)),
      (error: unknown) => context.logger.warn({ err: error, bookId }, 'could not keep the page map'),
    );
  }
  await keepIfBookExists(
    deps.bus,
    bookId,
    () => Promise.all(written.map((key) => deps.blobs.delete(key).catch(() => undefined))),
    { timeoutMs: deps.bookTimeoutMs, requestId: context.requestId },
  );
  return blobKey;
}

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
