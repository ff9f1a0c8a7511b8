import { mergeAttributes, Node } from '@tiptap/core';
import { blockMarks } from './review-marks';

/**
 * An image inside a chapter (issue 46): a block of its own, with the stored image's URL, its alt text and
 * an optional width (a share of the text block, in %). The contract (TiptapDocumentSchema) accepts only
 * an image stored with the book as its src; the bytes never enter the document.
 */
export const BookImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  marks: blockMarks,

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: {
        default: null,
        parseHTML: (element) => {
          const percent = /^(\d{1,3})%$/.exec(element.style.width ?? '')?.[1];
          return percent ? Math.min(100, Math.max(1, Number(percent))) : null;
        },
        renderHTML: (attributes) =>
          typeof attributes['width'] === 'number' ? { style: `width: ${attributes['width']}%` } : {},
      },
    };
  },

  parseHTML() {
    return [{ tag: 'img[src]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes({ class: 'book-image', loading: 'lazy' }, HTMLAttributes)];
  },
});
