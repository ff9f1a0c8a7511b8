import type { Extensions, Node } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
// The schema alone: the Yjs side of the library is the live editor's, loaded with it.
import { bookSchemaExtensions } from '@bookwright/manuscript/schema';
import { withImageView } from './images/imageAltText';
import { ImageUploads, type ImageUploadsOptions } from './images/imageUploads';
import { editorTexts } from './texts';

/** Spec §9: undo history depth 100, changes within 500 ms grouped into one step. */
export const undoDepth = 100;
export const undoGroupDelayMs = 500;

/**
 * The book editor: the book's schema (@bookwright/manuscript, what the server accepts as bookContent) with
 * the editor's own behaviour: undo, links that open on click and are made as you type or paste, images
 * with a field for their alt text (images/imageAltText.ts), images uploaded from a file, a paste or a drop
 * when the editor is for a book (`images`), and the placeholder of an empty book. A live book's editor (`live`)
 * has no ProseMirror history: the Collaboration extension brings Yjs's, which undoes the page's own edits
 * across everyone else's.
 */
export function bookExtensions({
  live = false,
  images,
}: { live?: boolean; images?: ImageUploadsOptions } = {}): Extensions {
  return [
    ...bookSchemaExtensions({
      undoRedo: live ? false : { depth: undoDepth, newGroupDelay: undoGroupDelayMs },
      link: { openOnClick: true, autolink: true, linkOnPaste: true, defaultProtocol: 'http' },
    }).map((extension) => (extension.name === 'image' ? withImageView(extension as Node) : extension)),
    Placeholder.configure({ placeholder: editorTexts.placeholder }),
    ...(images ? [ImageUploads.configure(images)] : []),
  ];
}
