import * as Y from 'yjs';
import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { bookSchema } from '../schema/book-extensions';

/**
 * The name of the Yjs XML fragment that holds a book's manuscript: the collab server fills and reads it,
 * and the web editor's Collaboration extension binds to it (`field`). One name, or they edit two documents.
 */
export const manuscriptFragmentName = 'manuscript';

/** The transaction origin of a fill, for an observer that must tell it from people's edits. */
export const fillOrigin = Symbol('manuscript fill');

/** A new Yjs document holding `document`. */
export function manuscriptToYDoc(document: TiptapDocument): Y.Doc {
  const ydoc = new Y.Doc();
  fillYDoc(ydoc, document);
  return ydoc;
}

/**
 * Puts `document` into `ydoc`'s manuscript fragment, only if that is empty: a document filled once is never
 * filled again (answers false then). An unknown node, mark or attribute throws (the schema's RangeError)
 * and leaves `ydoc` as it was. One transaction, its origin `fillOrigin`.
 *
 * The fill is written as one fixed Yjs client, named by a hash of the document (`fillClientId`): two
 * replicas, or two loads, that fill an empty document from the same manuscript make the very same items,
 * which Yjs merges as one, so even a race between them cannot double the book. A fill from another text
 * writes as another client, so its items never collide with these.
 */
export function fillYDoc(ydoc: Y.Doc, document: TiptapDocument): boolean {
  const fragment = ydoc.getXmlFragment(manuscriptFragmentName);
  if (fragment.length > 0) return false;
  // Node types, marks and attributes are checked; the content expressions are not (a stored manuscript
  // the schema's `check` would refuse, say a list item without a paragraph, still opens, as in the editor).
  const node = bookSchema().nodeFromJSON(document);
  const ownClient = ydoc.clientID;
  ydoc.clientID = fillClientId(JSON.stringify(node.toJSON()));
  try {
    ydoc.transact(() => prosemirrorToYXmlFragment(node, fragment), fillOrigin);
  } finally {
    // The transaction is over (Yjs cleans up synchronously): the document's own edits are its own again.
    ydoc.clientID = ownClient;
  }
  return true;
}

/**
 * The Yjs client a fill of `text` writes as: FNV-1a (32 bits) of the text, kept clear of 0 and of the
 * range Yjs draws real clients from only by chance (one in four billion), as any two clients are.
 */
export function fillClientId(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

/**
 * The manuscript a Yjs document holds, as the editor holds it (tiptap JSON with every attribute, which
 * contracts' TiptapDocumentSchema accepts): read through the book's schema, so content it cannot hold is
 * dropped as the editor would drop it.
 */
export function yDocToManuscript(ydoc: Y.Doc): TiptapDocument {
  const node = yXmlFragmentToProseMirrorRootNode(ydoc.getXmlFragment(manuscriptFragmentName), bookSchema());
  const json = node.toJSON() as { content?: TiptapDocument['content'] };
  return { type: 'doc', content: json.content ?? [] };
}
