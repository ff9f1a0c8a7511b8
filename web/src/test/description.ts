import { act, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/core';

/**
 * The metadata form's Description is a tiptap field: jsdom has no layout for user-event to type into a
 * contenteditable, so tests type through the field's own editor, as the manuscript tests do.
 */
export function descriptionEditor(within: ParentNode = document): Editor {
  const element = within.querySelector('[data-field="description"]');
  if (!element) throw new Error('no Description field');
  return (element as HTMLElement & { editor: Editor }).editor;
}

export async function typeDescription(text: string, within?: ParentNode): Promise<void> {
  const editor = descriptionEditor(within);
  await act(async () => {
    // At the end of the last paragraph; no focus(), which scrolls, and jsdom has no layout to scroll.
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, text);
    await Promise.resolve();
  });
}

/** The Description field as its label names it (aria-labelledby), for what it shows. */
export const descriptionField = (): HTMLElement => screen.getByRole('textbox', { name: 'Description' });
