import type { PrintOptions } from '@bookwright/contracts/http';
import type { RequestContext } from '@bookwright/kit';
import type { ExportBook } from '../export-book';
import type { ExportHandlerDeps } from '../handlers/deps';

/**
 * The interior's real page count as laid out; null for a book without text (validation then uses spec
 * §9's estimate). A failure to count is logged and treated the same way, and so is a count that does not
 * come within `pageCountTimeoutMs` (it waits for a render slot behind running exports, then lays the book
 * out): validation must answer, and its caller (the gateway) stops waiting after its bus timeout.
 */
export async function printPageCount(
  deps: ExportHandlerDeps,
  book: ExportBook,
  print: PrintOptions,
  characters: number,
  context: RequestContext,
): Promise<number | null> {
  if (characters === 0) return null;
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      expired = true;
      resolve('late');
    }, deps.pageCountTimeoutMs);
  });
  // A count still queued when the deadline passes is not started at all.
  const counted = deps.renderSlots(() => (expired ? Promise.resolve(null) : deps.renderer.pdf.pageCount(book, print)));
  // Failing after the deadline is of no interest to anyone.
  counted.catch(() => undefined);
  try {
    const pages = await Promise.race([counted, deadline]);
    if (pages === 'late') {
      context.logger.warn(
        { bookId: book.id, timeoutMs: deps.pageCountTimeoutMs },
        'the print page count took too long; using the estimate',
      );
      return null;
    }
    return pages;
  } catch (error) {
    context.logger.warn({ err: error, bookId: book.id }, 'could not count the print pages; using the estimate');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
