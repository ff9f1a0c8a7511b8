import type { PrintOptions } from '@bookwright/contracts';
import type { RequestContext } from '@bookwright/kit';
import type { ExportBook } from '../export-book';
import type { ExportHandlerDeps } from './deps';

/**
 * The interior's real page count as laid out; null for a book without text (validation then uses spec
 * §9's estimate). A failure to count is logged and treated the same way:
 * validation must answer.
 */
export async function printPageCount(
  deps: ExportHandlerDeps,
  book: ExportBook,
  print: PrintOptions,
  characters: number,
  context: RequestContext,
): Promise<number | null> {
  if (characters === 0) return null;
  try {
    return await deps.renderSlots(() => deps.renderer.pdf.pageCount(book, print));
  } catch (error) {
    context.logger.warn({ err: error, bookId: book.id }, 'could not count the print pages; using the estimate');
    return null;
  }
}
