import {
  metadataMessages,
  requiredEpubMetadata,
  type Book,
  type RequiredEpubMetadata,
} from '@bookwright/contracts/http';

export function missingMetadata(book: Pick<Book, RequiredEpubMetadata>): RequiredEpubMetadata[] {
  return requiredEpubMetadata.filter((field) => {
    const value = book[field];
    return value === null || value === undefined || String(value).trim() === '';
  });
}

/** One sentence per missing field, as the metadata form words it ('Author is required'). */
export function metadataIssues(fields: readonly RequiredEpubMetadata[]): string[] {
  return fields.map((field) => metadataMessages[field]);
}
