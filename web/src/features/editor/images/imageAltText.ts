import type { Node as TiptapNodeType, NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { editorTexts } from '../texts';

/**
 * An image inside a chapter as the editor shows it: the picture, and when it is selected a field for its
 * alt text (what a screen reader and the EPUB say of it). The field is the page's, not the document's: it
 * is outside the editable text, and a change is written to the node's `alt` when the field is left.
 */
export const imageWithAltText: NodeViewRenderer = ({ node, editor, getPos }) => {
  const figure = document.createElement('figure');
  figure.className = 'book-image-figure';
  figure.contentEditable = 'false';
  const image = document.createElement('img');
  image.className = 'book-image';
  const field = document.createElement('input');
  field.type = 'text';
  field.className = 'book-image-alt';
  field.setAttribute('aria-label', editorTexts.imageAltText);
  field.placeholder = editorTexts.imageAltTextPlaceholder;
  field.hidden = true;
  figure.append(image, field);

  let current = node;
  const show = (shown: ProseMirrorNode) => {
    current = shown;
    image.src = String(shown.attrs['src'] ?? '');
    image.alt = String(shown.attrs['alt'] ?? '');
    image.style.width = typeof shown.attrs['width'] === 'number' ? `${shown.attrs['width']}%` : '';
    if (document.activeElement !== field) field.value = String(shown.attrs['alt'] ?? '');
  };
  show(node);

  field.addEventListener('change', () => {
    const position = getPos();
    const alt = field.value.replace(/\s+/g, ' ').trim() || null;
    if (typeof position !== 'number' || alt === (current.attrs['alt'] ?? null)) return;
    editor.commands.command(({ tr }) => {
      tr.setNodeAttribute(position, 'alt', alt);
      return true;
    });
  });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      field.blur();
      editor.commands.focus();
    }
  });

  return {
    dom: figure,
    update: (updated) => {
      if (updated.type !== current.type) return false;
      show(updated);
      return true;
    },
    selectNode: () => {
      figure.classList.add('ProseMirror-selectednode');
      field.hidden = !editor.isEditable;
    },
    deselectNode: () => {
      figure.classList.remove('ProseMirror-selectednode');
      if (document.activeElement !== field) field.hidden = true;
    },
    // The field's keys and clicks are its own, not the editor's.
    stopEvent: (event) => event.target === field,
    ignoreMutation: () => true,
  };
};

/** The book's image node with the view above (the schema is unchanged: only how the editor draws it). */
export function withImageView(extension: TiptapNodeType): TiptapNodeType {
  return extension.extend({ addNodeView: () => imageWithAltText });
}
