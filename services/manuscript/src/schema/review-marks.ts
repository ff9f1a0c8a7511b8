import { Mark, mergeAttributes, type Attributes } from '@tiptap/core';
import type { MarkSpec } from '@tiptap/pm/model';
import { deletion, insertion, modification } from '@handlewithcare/prosemirror-suggest-changes';

/*
 * The marks of a book's review (issue 44, decision 0043): the suggestions of
 * @handlewithcare/prosemirror-suggest-changes and the comment anchors. They are part of the document (the
 * live document carries them, the stored chapters keep them); the printed form takes them out.
 */

/** The names of the suggestion marks, as the library looks them up in a schema. */
export const suggestionMarkNames = ['insertion', 'deletion', 'modification'] as const;

/**
 * The marks a block node may carry inside another: only suggestions (an inserted list item, a deleted
 * paragraph, a heading whose level was changed). Set as `marks` on every node holding blocks, as the
 * library's README asks of `doc`: ProseMirror asks the parent whether a child may carry a mark.
 */
export const blockMarks = suggestionMarkNames.join(' ');

/** A suggestion's id: the library's default is a counting number; a string is allowed as well. */
const suggestionId = { isRequired: true, validate: 'number|string' } as const;

/**
 * One of the library's marks as a tiptap Mark: the same name, exclusions and attributes (with their
 * validation), and the library's own DOM. Its `toDOM` is given through `extendMarkSchema` and not as
 * `renderHTML`: tiptap's renderHTML is not told whether the mark sits on a block, and the library renders a
 * block's mark differently (`display: block`, a div), so the spec's own functions are kept.
 */
function suggestionMark(name: (typeof suggestionMarkNames)[number], spec: MarkSpec, attributes: Attributes) {
  return Mark.create({
    name,
    inclusive: spec.inclusive,
    excludes: spec.excludes,
    addAttributes: () => attributes,
    extendMarkSchema: (extension) => (extension.name === name ? { toDOM: spec.toDOM, parseDOM: spec.parseDOM } : {}),
  });
}

export const Insertion = suggestionMark('insertion', insertion, { id: suggestionId });
export const Deletion = suggestionMark('deletion', deletion, { id: suggestionId });
export const Modification = suggestionMark('modification', modification, {
  id: suggestionId,
  type: { isRequired: true, validate: 'string' },
  attrName: { default: null, validate: 'string|null' },
  previousValue: { default: null },
  newValue: { default: null },
});

/**
 * The anchor of a comment: the text it is about carries the comment's id and moves with it. Not inclusive
 * (typing at its edge does not widen what the comment is about), and it excludes nothing: comments
 * overlap each other and any other mark (Yjs keeps two comments on one text apart by a hash of each).
 */
export const Comment = Mark.create({
  name: 'comment',
  inclusive: false,
  excludes: '',
  addAttributes: () => ({
    commentId: {
      isRequired: true,
      validate: 'string',
      parseHTML: (element) => element.getAttribute('data-comment-id'),
      renderHTML: (attributes) => ({ 'data-comment-id': attributes.commentId as string }),
    },
  }),
  parseHTML: () => [{ tag: 'span[data-comment-id]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', mergeAttributes({ class: 'comment-anchor' }, HTMLAttributes), 0],
});
