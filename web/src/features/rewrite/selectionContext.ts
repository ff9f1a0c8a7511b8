import type { Editor } from '@tiptap/react';

export interface RewriteSelection {
  from: number;
  to: number;
  text: string;
  /** Up to two blocks before and after, for the model's sense of continuity. */
  before: string;
  after: string;
  /** The nearest heading above the selection: the chapter whose outline the server looks up. */
  chapterTitle?: string;
}

const contextChars = 3_000;

/** The selected text and what surrounds it, as the editor has it now (possibly unsaved). */
export function readSelection(editor: Editor): RewriteSelection | undefined {
  const { from, to, empty } = editor.state.selection;
  if (empty) return undefined;
  const doc = editor.state.doc;
  const text = doc.textBetween(from, to, '\n\n');
  if (!text.trim()) return undefined;
  const blocks: { text: string; start: number; end: number; heading: boolean }[] = [];
  doc.forEach((node, offset) => {
    blocks.push({
      text: node.textContent,
      start: offset,
      end: offset + node.nodeSize,
      heading: node.type.name === 'heading',
    });
  });
  const first = blocks.findIndex((b) => b.end > from);
  const last = blocks.findLastIndex((b) => b.start < to);
  const before = blocks
    .slice(Math.max(0, first - 2), first)
    .map((b) => b.text)
    .join('\n\n');
  const after = blocks
    .slice(last + 1, last + 3)
    .map((b) => b.text)
    .join('\n\n');
  const chapterTitle = blocks
    .slice(0, first + 1)
    .findLast((b) => b.heading)
    ?.text.slice(0, 300);
  return {
    from,
    to,
    text,
    before: before.slice(-contextChars),
    after: after.slice(0, contextChars),
    ...(chapterTitle ? { chapterTitle } : {}),
  };
}
