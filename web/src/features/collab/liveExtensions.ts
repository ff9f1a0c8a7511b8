import type { Extensions } from '@tiptap/core';
import { Collaboration } from '@tiptap/extension-collaboration';
import type { Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { bookExtensions } from '../editor/extensions';
import type { ImageUploadsOptions } from '../editor/images/imageUploads';
import { CollabCaret } from './collabCaret';
import { Suggestions } from './suggestions/suggestChangesExtension';
import { manuscriptFragmentName } from '@bookwright/manuscript';

/** y-sync's transactions: the others' edits as they arrive, and Yjs's undo and redo of this page's own. */
const fromYjs = (tr: Transaction): boolean => tr.getMeta(ySyncPluginKey) !== undefined;

/**
 * The live editor's extensions: the solo editor's without ProseMirror's undo history (Collaboration brings
 * Yjs's, which undoes only this page's edits and keeps working across the others'), bound to the book's Yjs
 * document's manuscript fragment, showing the others' carets, and suggesting (track changes) when asked.
 */
export function liveBookExtensions({
  document,
  awareness,
  selfUserId,
  images,
}: {
  document: Y.Doc;
  awareness: Awareness | null;
  selfUserId: string | undefined;
  /** Images uploaded to the book: the node holds only their URL, so the shared document carries it. */
  images?: ImageUploadsOptions;
}): Extensions {
  return [
    ...bookExtensions({ live: true, ...(images ? { images } : {}) }),
    Collaboration.configure({ document, field: manuscriptFragmentName }),
    CollabCaret.configure({ awareness, selfUserId }),
    Suggestions.configure({ selfUserId, isRemote: fromYjs }),
  ];
}
