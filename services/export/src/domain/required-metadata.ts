import { metadataMessages, type Book, type ExportValidation } from '@bookwright/contracts';

export type RequiredField = ExportValidation['missingMetadata'][number];

/** The metadata an EPUB export needs (spec §5), in the order the completion step asks for them. */
export const requiredEpubMetadata: readonly RequiredField[] = ['title', 'author', 'identifier', 'languageMetadata'];

export function missingMetadata(book: Pick<Book, RequiredField>): RequiredField[] {
  return requiredEpubMetadata.filter((field) => {
    const value = book[field];
    return value === null || value === undefined || String(value).trim() === '';
  });
}

/** One sentence per missing field, as the metadata form words it ('Author is required'). */
export function metadataIssues(fields: readonly RequiredField[]): string[] {
  return fields.map((field) => metadataMessages[field]);
}
