import { metadataLanguageFor, type BookLanguage, type MetadataLanguage } from '@bookwright/contracts/http';

/**
 * The publishing metadata a new book starts with: its metadata language is the language it is written in
 * (what the editor shows and the EPUB declares), everything else is left for the author.
 */
export function initialMetadataLanguage(language: BookLanguage): MetadataLanguage {
  return metadataLanguageFor(language);
}
