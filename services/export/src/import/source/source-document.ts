import type { ImportedImages } from '../images/imported-images';
import type { DroppedCounts } from './dropped-counts';
import type { FrontMatterKind, ImportSourceKind, TiptapNode } from '@bookwright/contracts/http';

/**
 * A manuscript as each format's reader leaves it, before the typesetter's rules (chapters, front matter,
 * scene breaks, notes) make it a book: the editor's block nodes in reading order, with what the source said
 * about each, its notes, and what was left out.
 */
export interface SourceDocument {
  kind: ImportSourceKind;
  blocks: SourceBlock[];
  /** Each note's body (paragraphs), by the id its references carry (`noteReference` nodes). */
  notes: Map<string, TiptapNode[]>;
  /** What the file says of itself (Word's document properties, the EPUB's package metadata). */
  declared: DeclaredMetadata;
  dropped: DroppedCounts;
  /** The images the blocks name (`image` nodes), and why others were dropped; absent when none can be. */
  images?: ImportedImages;
}

export interface DeclaredMetadata {
  title?: string;
  author?: string;
  rights?: string;
}

export interface SourceBlock {
  /** A paragraph, heading, block quote, list or rule, as the book's schema has them. */
  node: TiptapNode;
  /** The paragraph style the author used (Word's "Title", "TOC 1", "Heading 1"), lower-cased. */
  style?: string;
  /** An EPUB document's own role (its `epub:type`), for front matter that says what it is. */
  role?: FrontMatterKind;
  /** The first block of a new file (an EPUB's spine document): a chapter may start here. */
  startsDocument?: boolean;
}

/** The inline node an import uses for a note's reference until the notes become the book's endnotes. */
export const noteReferenceType = 'noteReference';

export const noteReference = (id: string): TiptapNode => ({ type: noteReferenceType, attrs: { id } });

export { countDropped, type DroppedCounts } from './dropped-counts';
