import { isAppError, manuscriptImportMaxBytes, type BookLanguage } from '@bookwright/contracts/http';
import { composeBook, type ComposedBook } from './document/compose-book';
import { readDocx } from './docx/read-docx';
import { readEpub } from './epub/read-epub';
import { readMarkdown } from './markdown/read-markdown';
import { importRefusal } from './refusal';
import { sourceKindOf, zipKindOf } from './source/source-kind';
import type { SourceDocument } from './source/source-document';
import { readText } from './text/read-text';
import { readZip } from './zip/read-zip';

export type { ComposedBook } from './document/compose-book';
export { importRefusal } from './refusal';
export { zipLimits } from './zip/read-zip';

/**
 * A manuscript file (Word, Markdown, EPUB or plain text) made into the book's document and the import's
 * report. Every refusal is a 4xx AppError with the contract's text (refusal.ts); nothing else is thrown
 * for anything a file can hold.
 */
export async function importManuscript(
  bytes: Buffer,
  options: { fileName: string; language: BookLanguage },
): Promise<ComposedBook> {
  if (bytes.length > manuscriptImportMaxBytes) throw importRefusal('tooLarge');
  const source = await readSource(bytes, options.fileName);
  return composeBook(source, { language: options.language, fileName: options.fileName, bytes: bytes.length });
}

/**
 * The file read by the reader of its kind. What a damaged file makes mammoth or the XML reading throw is
 * the file's fault, not the server's: it is the 4xx "damaged" (the cause kept for the logs).
 */
async function readSource(bytes: Buffer, fileName: string): Promise<SourceDocument> {
  try {
    return await readKind(bytes, fileName);
  } catch (error) {
    throw isAppError(error) ? error : importRefusal('corrupt', error);
  }
}

async function readKind(bytes: Buffer, fileName: string): Promise<SourceDocument> {
  const kind = sourceKindOf(bytes, fileName);
  if (kind === 'markdown') return readMarkdown(bytes);
  if (kind === 'text') return readText(bytes);
  // Listing the entries is cheap (the central directory only); the reader then reads what it needs.
  const { names } = await readZip(bytes, () => false);
  return zipKindOf(names) === 'docx' ? readDocx(bytes) : readEpub(bytes);
}
