import { chapterCharacters } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { exportTarget } from '../domain/export-target';
import { manuscriptCharacters, printedBookContent, toExportBook } from '../domain/to-export-book';
import { checkExport, toValidation } from '../validation/validate-export';
import type { ExportHandlerDeps } from './deps';
import { loadBook, loadCover } from '../domain/load-book';
import { printPageCount } from '../domain/print-page-count';

type Def = typeof requests.export.validate;

/**
 * POST /book/{id}/validate-export: what stops this export, what KDP would warn about, what would help,
 * and how many open suggestions the export would leave out (it prints the manuscript's printed form).
 */
export function validateExport(deps: ExportHandlerDeps) {
  return async (
    { userId, bookId, request }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    const book = await loadBook(deps, { userId, bookId }, context);
    const target = exportTarget(request);
    const { document, openSuggestions } = printedBookContent(book.bookContent);
    const characters = manuscriptCharacters(document);
    const cover = await loadCover(deps, book, context);
    const exportBook = toExportBook(book, document, cover);
    // The page count runs in a render worker while this thread checks the glyphs: both within the time
    // the caller waits (printPageCount's deadline).
    const counting =
      target.format === 'pdf' ? printPageCount(deps, exportBook, target.print, characters, context) : null;
    // Print embeds its fonts; an EPUB's text is set by the reading system's.
    // Loaded on the first print check: the glyph tables (fontkit) are not part of the service's start.
    const missingGlyphs =
      target.format === 'pdf'
        ? (await import('../pdf/printed-text')).printedMissingGlyphs(exportBook, target.print.exportType)
        : [];
    const check = checkExport({
      target,
      book,
      characters,
      chapterCharacters: chapterCharacters(document),
      cover: cover && { widthPx: cover.widthPx, heightPx: cover.heightPx },
      printPageCount: await counting,
      missingGlyphs,
    });
    return toValidation(check, openSuggestions);
  };
}
