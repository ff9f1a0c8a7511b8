import type * as Y from 'yjs';
import type { TiptapDocument } from '@bookwright/contracts/http';

/**
 * How a book's manuscript lives in a Yjs document: the tiptap JSON the book service stores on one side,
 * the Y.XmlFragment the editors bind to on the other. The one conversion is @bookwright/manuscript's
 * (decision 0043); the collab service reaches it through this port so that its tests can run on a small
 * stand-in (testing/plain-codec.ts) and the conversion stays in one place.
 */
export interface ManuscriptCodec {
  /** The name of the Y.XmlFragment the editor binds to (the only root the live document holds). */
  readonly fragmentName: string;
  /** The node types of the book's schema: an update creating any other element is refused. */
  readonly nodeNames: ReadonlySet<string>;
  /** The mark types of the book's schema: an update formatting text with any other is refused. */
  readonly markNames: ReadonlySet<string>;
  /** Fills the fragment of an empty document with `document` (on the server only, never from a client). */
  fill(doc: Y.Doc, document: TiptapDocument): void;
  /** The fragment as tiptap JSON, as the book service stores it. */
  read(doc: Y.Doc): TiptapDocument;
  /**
   * Turns the fragment into `document` by the fewest edits (what differs only), in one transaction with
   * `origin`, so that the people in the document see them as edits and keep their own elsewhere.
   */
  replace(doc: Y.Doc, document: TiptapDocument, origin: unknown): void;
}
