import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';

/*
 * @handlewithcare/prosemirror-suggest-changes (0.1.8) suggests a paragraph break as two inserted zero-width
 * spaces, one ending the first block and one starting the second; rejecting it deletes from one to the
 * other, which joins the blocks. A suggesting page that deletes over the first of them (its own
 * insertion, or someone's it takes back) removes it and leaves the other: an empty block that no longer
 * is a suggestion, a real change to the printed book, which the collab server refuses from an editor.
 * Taking that empty block out as well leaves the second marker, whose rejection is then nothing: the
 * break is taken back whole.
 */

const splitMarker = '\u200b';

const startsWithMarker = (node: ProseMirrorNode | null | undefined): boolean =>
  Boolean(node?.firstChild?.isText && node.firstChild.text?.startsWith(splitMarker) && isInserted(node.firstChild));
const endsWithMarker = (node: ProseMirrorNode): boolean =>
  Boolean(node.lastChild?.isText && node.lastChild.text?.endsWith(splitMarker) && isInserted(node.lastChild));
const isInserted = (node: ProseMirrorNode) => node.marks.some((mark) => mark.type.name === 'insertion');

/** Removes the empty blocks `tr` left of suggested paragraph breaks whose first half it deleted. */
export function keepSplitsWhole(tr: Transaction, original: ProseMirrorNode): Transaction {
  const halves: number[] = [];
  original.forEach((node, pos, index) => {
    if (node.isTextblock && endsWithMarker(node) && startsWithMarker(original.maybeChild(index + 1)))
      halves.push(pos + 1);
  });
  for (const inside of halves.reverse()) {
    const $at = tr.doc.resolve(tr.mapping.map(inside, -1));
    const block = $at.parent;
    if ($at.depth !== 1 || !block.isTextblock || block.content.size > 0 || block.marks.length > 0) continue;
    tr.delete($at.before(), $at.after());
  }
  return tr;
}
