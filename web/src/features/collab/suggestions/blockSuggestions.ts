import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';

/*
 * Block-level suggestions are the library's own node marks (a block inserted or deleted whole, its type or
 * alignment changed), carried through Yjs by the patched y-tiptap (patches/@tiptap+y-tiptap+3.0.9.patch).
 * What 0.1.8 records as a block's previous formatting is put right here, as rejecting a suggestion (and the
 * collab service's suggestions-only rule, which prints every open suggestion as rejected) goes back to it:
 * - a block whose type changes (a heading made a paragraph) has its attributes' changes written after the type
 *   was changed, each with the new type's value as the previous one (a heading's level as null);
 * - a block changed again (centred, then right-aligned; made a heading, then a paragraph again) has its earlier
 *   change's mark replaced by one whose previous value is the one in between, so the block's own is lost.
 * Each new `modification` mark gets the value the block had before any suggestion, and is dropped when the
 * block is back to it (and so is a change of an attribute its type no longer has).
 */

const isModification = (mark: Mark) => mark.type.name === 'modification';

/** What a modification mark changes: the block's type, or one attribute. */
const changeOf = (mark: Mark) =>
  mark.attrs['type'] === 'nodeType' ? 'nodeType' : `attr:${String(mark.attrs['attrName'])}`;

/** The value before any suggestion of one change of a block, from the block as the transaction found it. */
function originalValue(mark: Mark, original: ProseMirrorNode): { value: unknown } | undefined {
  const earlier = original.marks.find((m) => isModification(m) && changeOf(m) === changeOf(mark));
  if (earlier) return { value: earlier.attrs['previousValue'] };
  if (mark.attrs['type'] === 'nodeType') return { value: original.type.name };
  const name = mark.attrs['attrName'] as unknown;
  return typeof name === 'string' && name in original.attrs ? { value: original.attrs[name] } : undefined;
}

/**
 * Gives the modification marks this transaction put on blocks the values the blocks had before any suggestion,
 * and takes away those that no longer change anything. Marks already on a block are left as they are.
 */
export function keepOriginalFormatting(tr: Transaction, before: ProseMirrorNode): Transaction {
  const back = tr.mapping.invert();
  const fixes: { pos: number; mark: Mark; right: Mark | undefined }[] = [];
  tr.doc.descendants((node, pos) => {
    if (node.isInline) return false;
    const original = node.marks.some(isModification) ? before.nodeAt(back.map(pos, 1)) : null;
    if (!original) return true;
    const made = node.marks.filter((m) => isModification(m) && !original.marks.some((o) => o.eq(m)));
    const right = new Map<Mark, Mark | undefined>();
    for (const mark of made) {
      const previous = originalValue(mark, original);
      if (!previous) continue;
      const same = previous.value === mark.attrs['newValue'];
      right.set(mark, same ? undefined : mark.type.create({ ...mark.attrs, previousValue: previous.value }));
    }
    // The type is as it was: a change of an attribute the type does not have changes nothing.
    const kept = (m: Mark) => !right.has(m) || right.get(m) !== undefined;
    const retyped = node.marks.some((m) => isModification(m) && changeOf(m) === 'nodeType' && kept(m));
    for (const mark of node.marks.filter(isModification)) {
      const name = mark.attrs['attrName'] as unknown;
      if (!retyped && typeof name === 'string' && !(name in node.attrs)) right.set(mark, undefined);
    }
    for (const [mark, fixed] of right) if (!fixed || !fixed.eq(mark)) fixes.push({ pos, mark, right: fixed });
    return true;
  });
  for (const { pos, mark, right } of fixes) {
    tr.removeNodeMark(pos, mark);
    if (right) tr.addNodeMark(pos, right);
  }
  return tr;
}
