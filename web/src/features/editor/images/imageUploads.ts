import { Extension, type Editor } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import { editorTexts } from '../texts';
import { uploadChapterImage } from './uploadChapterImage';

/** How an upload stands, for the line under the toolbar: busy, refused, or nothing to say. */
export type ImageUploadStatus = { tone: 'busy' | 'problem'; text: string } | null;

export interface ImageUploadsOptions {
  /** The book the images are stored under; without one, nothing is uploaded. */
  bookId: string | null;
  onStatus: (status: ImageUploadStatus) => void;
}

/** What the file picker offers and what a paste or a drop takes; the server decides by the bytes anyway. */
export const chapterImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

const imageFilesOf = (transfer: DataTransfer | null): File[] =>
  [...(transfer?.files ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * Images dropped on or pasted into the manuscript are uploaded to the book and inserted as image nodes where
 * they landed. The node holds only the stored image's URL, so a live book's document carries it like any
 * other node, and a solo book's next save stores it.
 */
export const ImageUploads = Extension.create<ImageUploadsOptions>({
  name: 'imageUploads',

  addOptions() {
    return { bookId: null, onStatus: () => undefined };
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('imageUploads'),
        props: {
          handlePaste: (_view, event) => {
            const files = imageFilesOf(event.clipboardData);
            if (files.length === 0 || !editor.isEditable) return false;
            event.preventDefault();
            void insertImageFiles(editor, files);
            return true;
          },
          handleDrop: (view, event, _slice, moved) => {
            const files = moved ? [] : imageFilesOf(event.dataTransfer);
            if (files.length === 0 || !editor.isEditable) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            void insertImageFiles(editor, files, at);
            return true;
          },
        },
      }),
    ];
  },
});

/** Whether this editor can take images (it has the extension, for a book). */
export function takesImages(editor: Editor): boolean {
  return Boolean(uploadsOf(editor)?.bookId);
}

/**
 * Uploads each file and inserts its image at `at` (a drop) or at the selection, one after the other, then
 * selects the last one with its alt text field focused: the author is asked to describe the picture at once.
 * The first refusal stops there and is shown.
 */
export async function insertImageFiles(editor: Editor, files: readonly File[], at?: number): Promise<void> {
  const options = uploadsOf(editor);
  if (!options?.bookId) return;
  let position = at;
  let inserted: string | undefined;
  for (const file of files) {
    options.onStatus({ tone: 'busy', text: editorTexts.imageUploading });
    const result = await uploadChapterImage(options.bookId, file);
    if ('problem' in result) {
      options.onStatus({ tone: 'problem', text: result.problem });
      return;
    }
    if (editor.isDestroyed || !editor.isEditable) return;
    const node = { type: 'image', attrs: { src: result.src, alt: null, width: null } };
    const chain = editor.chain();
    (position === undefined ? chain.insertContent(node) : chain.insertContentAt(position, node)).run();
    position = undefined;
    inserted = result.src;
  }
  options.onStatus(null);
  if (inserted) selectInsertedImage(editor, inserted);
}

function uploadsOf(editor: Editor): ImageUploadsOptions | undefined {
  // A destroyed editor (the page replaced it while React still renders the old toolbar) has no manager.
  const manager = editor.extensionManager as Editor['extensionManager'] | null | undefined;
  const extension = manager?.extensions.find((candidate) => candidate.name === 'imageUploads');
  return extension?.options as ImageUploadsOptions | undefined;
}

/**
 * The image of `src` nearest the cursor (the one just inserted: the same picture may be in the book twice),
 * selected, and its alt text field focused.
 */
function selectInsertedImage(editor: Editor, src: string) {
  const cursor = editor.state.selection.from;
  let position: number | undefined;
  editor.state.doc.descendants((node, at) => {
    if (node.type.name === 'image' && node.attrs['src'] === src) {
      if (position === undefined || Math.abs(at - cursor) < Math.abs(position - cursor)) position = at;
    }
    return node.isBlock;
  });
  if (position === undefined) return;
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, position)));
  const field = (editor.view.nodeDOM(position) as HTMLElement | null)?.querySelector('input');
  field?.focus();
}
