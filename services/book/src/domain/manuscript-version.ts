import type { ManuscriptVersion } from '@bookwright/contracts/bus';
import { contentHash } from './revision-policy';

/**
 * The version of a manuscript's text (contracts' ManuscriptVersionSchema), made from its chapters' hashes
 * in order, as the save's locked read has them: no column of its own to keep in step, and it moves with
 * every write of the text and with nothing else (the metadata, cover and status move only the book's
 * `version`, so a live document's save is not refused for them). A text that comes back exactly (a
 * restore of the version before) has its old version again, and a Yjs state taken at it still stands for it.
 */
export const manuscriptVersionOf = (chapterHashes: readonly string[]): ManuscriptVersion =>
  `m${contentHash(chapterHashes.join(','))}`;
