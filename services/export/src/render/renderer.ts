import type { PrintOptions } from '@bookwright/contracts/http';
import type { EpubPagination } from '../epub/page-list';
import type { ExportBook } from '../export-book';
import type { DocxFile, DocxOptions } from '../docx';
import type { PrintPagination } from '../pdf/print-pagination';

/**
 * The renderers behind the export handlers. Each takes plain data and gives the file's bytes, so an
 * implementation may run them in a worker thread: rendering is CPU work that must not stall the event loop
 * of a process that also runs the gateway.
 */
export interface ExportRenderer {
  /** With `pagination`, the EPUB carries the print edition's page breaks and page list. */
  epub(book: ExportBook, options: { modified: Date; pagination?: EpubPagination }): Promise<Uint8Array>;
  /** KDP print files. */
  pdf: PdfRenderer;
  /** A Word document; `book.document` is the manuscript as stored, its suggestions and comments in it. */
  docx(book: ExportBook, options: DocxOptions): Promise<DocxFile>;
}

export interface PdfRenderer {
  /** The interior and its page count as printed (front matter and blank pages included). */
  interior(
    book: ExportBook,
    print: PrintOptions,
  ): Promise<{ pdf: Uint8Array; pageCount: number; pagination?: PrintPagination }>;
  /** The full cover wrap; `pageCount` is the interior's, which sets the spine width. */
  cover(book: ExportBook, print: PrintOptions, pageCount: number): Promise<Uint8Array>;
  /** The interior's page count without the file (laid out, not rendered). */
  pageCount(book: ExportBook, print: PrintOptions): Promise<number>;
}
