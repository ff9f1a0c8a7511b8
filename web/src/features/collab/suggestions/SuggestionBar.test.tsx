import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { manuscriptToYDoc } from '@bookwright/manuscript';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { liveBookExtensions } from '../liveExtensions';
import { setSuggestionAuthorNames, setSuggestionsForced } from './suggestChangesExtension';
import { SuggestionBar } from './SuggestionBar';
import { suggestionsIn } from './suggestionModel';

const book: TiptapDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: 'One' }] },
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'It was a quiet night.' }] },
  ],
};

const editors: Editor[] = [];
afterEach(() => {
  cleanup();
  editors.splice(0).forEach((editor) => editor.destroy());
});

/** Two pages on one document: an editor's, whose words are suggestions, and the reader's. */
function pages() {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(manuscriptToYDoc(book)));
  const make = (selfUserId: string) => {
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: liveBookExtensions({ document: doc, awareness: null, selfUserId }),
    });
    editors.push(editor);
    return editor;
  };
  const editorPage = make('u-editor');
  setSuggestionsForced(editorPage, true);
  const reader = make('u-owner');
  setSuggestionAuthorNames(reader, (id) => (id === 'u-editor' ? 'Emmy Noether' : undefined));
  return { editorPage, reader };
}

function suggest(editorPage: Editor) {
  let at = 0;
  editorPage.state.doc.descendants((node, pos) => {
    if (node.isText && node.text?.includes('quiet')) at = pos + node.text.indexOf('quiet') + 5;
  });
  editorPage.commands.insertContentAt(at, ' and dark');
  return at + 1;
}

describe('the suggestions bar', () => {
  it('shows an editor the switch on and locked, saying why, and nothing to decide', () => {
    const { editorPage } = pages();
    const at = suggest(editorPage);
    render(<SuggestionBar editor={editorPage} policy={{ forced: true, decides: false }} selfUserId="u-editor" />);
    act(() => {
      editorPage.commands.setTextSelection(at + 2);
    });
    const toggle = screen.getByRole('switch', { name: 'Suggesting' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/Your edits are suggestions/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('current-suggestion').textContent).toBe('You: add “and dark”');
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('lets the owner switch Suggesting on and off, and accept the suggestion the caret is in by its author’s name', () => {
    const { editorPage, reader } = pages();
    const at = suggest(editorPage);
    render(<SuggestionBar editor={reader} policy={{ forced: false, decides: true }} selfUserId="u-owner" />);
    const toggle = screen.getByRole('switch', { name: 'Suggesting' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    expect(screen.getByText('1 suggestion in this chapter')).toBeTruthy();
    expect(screen.queryByTestId('current-suggestion')).toBeNull();
    act(() => {
      reader.commands.setTextSelection(at + 2);
    });
    expect(screen.getByTestId('current-suggestion').textContent).toContain('Emmy Noether: add “and dark”');
    fireEvent.click(screen.getByRole('button', { name: 'Accept Emmy Noether’s suggestion' }));
    expect(suggestionsIn(reader.state.doc)).toEqual([]);
    expect(reader.getText()).toContain('It was a quiet and dark night.');
    expect(screen.queryByRole('button', { name: 'Accept all in chapter' })).toBeNull();
  });

  it('rejects every suggestion in the chapter', () => {
    const { editorPage, reader } = pages();
    suggest(editorPage);
    render(<SuggestionBar editor={reader} policy={{ forced: false, decides: true }} selfUserId="u-owner" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject all in chapter' }));
    expect(reader.getText()).toContain('It was a quiet night.');
    expect(suggestionsIn(editorPage.state.doc)).toEqual([]);
  });
});
