import { exportFileName, type PrintOptions } from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import type { EpubPagination } from '../epub/page-list';
import type { PrintPagination } from '../pdf/print-pagination';
import type { ExportRenderer, PdfRenderer } from './renderer';

export interface ExportFile {
  data: Uint8Array;
  fileName: string;
  contentType: string;
  /** Set when a KDP interior was laid out: where its pages fall in the manuscript. */
  pagination?: PrintPagination;
}

export const contentTypes = {
  epub: 'application/epub+zip',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** `<title>.epub` (spec §7); with the print edition's page breaks when `pagination` is given. */
export async function produceEpub(
  renderer: ExportRenderer,
  book: ExportBook,
  modified: Date,
  pagination?: EpubPagination,
): Promise<ExportFile> {
  const data = await renderer.epub(book, pagination ? { modified, pagination } : { modified });
  return { data, fileName: exportFileName(book.title, 'epub'), contentType: contentTypes.epub };
}

/**
 * KDP print files (spec §7 names): `<title>_KDP_Interior.pdf`, `<title>_KDP_Cover.pdf`, or
 * `<title>_KDP_Complete.zip` holding both. The cover's spine depends on the interior's real page count,
 * so the interior is laid out first; `confirmPageCount` sees that count before anything else is rendered
 * and may refuse it by throwing (KDP's page limits).
 */
export async function producePrint(
  pdf: PdfRenderer,
  book: ExportBook,
  print: PrintOptions,
  options: { modified: Date; confirmPageCount: (pageCount: number) => void },
): Promise<ExportFile> {
  const interiorName = exportFileName(book.title, 'pdf', 'interior');
  const coverName = exportFileName(book.title, 'pdf', 'cover');

  if (print.exportType === 'cover') {
    const pageCount = await pdf.pageCount(book, print);
    options.confirmPageCount(pageCount);
    return { data: await pdf.cover(book, print, pageCount), fileName: coverName, contentType: contentTypes.pdf };
  }
  const interior = await pdf.interior(book, print);
  options.confirmPageCount(interior.pageCount);
  if (print.exportType === 'interior') {
    return {
      data: interior.pdf,
      fileName: interiorName,
      contentType: contentTypes.pdf,
      pagination: interior.pagination,
    };
  }
  const cover = await pdf.cover(book, print, interior.pageCount);

  // jszip is loaded only for the one export that needs it.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file(interiorName, interior.pdf, { date: options.modified });
  zip.file(coverName, cover, { date: options.modified });
  // PDFs are compressed already: storing them keeps the ZIP quick to make and to open.
  const data = await zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
  return {
    data,
    fileName: exportFileName(book.title, 'pdf', 'both'),
    contentType: contentTypes.zip,
    pagination: interior.pagination,
  };
}
