import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { manuscriptFragmentName, manuscriptToYDoc } from '@bookwright/manuscript';
import type { TiptapDocument } from '@bookwright/contracts/http';
import type { CollabSession } from './collabSession';
import { LiveBookEditor } from './LiveBookEditor';

afterEach(cleanup);

const book: TiptapDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: 'Chapter 1' }] },
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'It was a quiet night.' }] },
  ],
};

/** The server's document, this page's copy of it, and the page's awareness. */
function world() {
  const server = manuscriptToYDoc(book);
  const page = new Y.Doc();
  Y.applyUpdate(page, Y.encodeStateAsUpdate(server));
  // What the server relays: each side's updates reach the other.
  page.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') Y.applyUpdate(server, update, 'page');
  });
  server.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'page') Y.applyUpdate(page, update, 'server');
  });
  const awareness = new Awareness(page);
  const session = { doc: page, provider: { awareness } } as unknown as CollabSession;
  return { server, page, awareness, session };
}

/** Another person types at the start of the paragraph, through the server. */
function remoteTypes(server: Y.Doc, text: string) {
  const paragraph = server.getXmlFragment(manuscriptFragmentName).get(1) as Y.XmlElement;
  (paragraph.get(0) as Y.XmlText).insert(0, text);
}

/** The editor stands inside the app's router (a link may open it at a passage). */
const inTheApp = { wrapper: MemoryRouter };

async function openEditor(session: CollabSession, readOnly = false) {
  let editor: Editor | undefined;
  render(
    <LiveBookEditor
      session={session}
      selfUserId="u-me"
      readOnly={readOnly}
      onEditor={(made) => (editor = made)}
      onSaveShortcut={vi.fn()}
    />,
    inTheApp,
  );
  await waitFor(() => expect(editor).toBeDefined());
  return editor!;
}

describe('the live editor', () => {
  it('shows the server’s document and sends what is typed into it', async () => {
    const { server, session } = world();
    const editor = await openEditor(session);
    expect(editor.getText()).toContain('It was a quiet night.');
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' The sea was calm.');
    });
    expect(server.getXmlFragment(manuscriptFragmentName).toString()).toContain(
      'It was a quiet night. The sea was calm.',
    );
  });

  it('undoes only this page’s edits, across another person’s, and redoes them', async () => {
    const { server, session } = world();
    const editor = await openEditor(session);
    expect(editor.extensionManager.extensions.some((extension) => extension.name === 'undoRedo')).toBe(false);
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Mine.');
    });
    act(() => remoteTypes(server, 'Theirs. '));
    expect(editor.getText()).toContain('Theirs. It was a quiet night. Mine.');
    act(() => {
      editor.commands.undo();
    });
    expect(editor.getText()).toContain('Theirs. It was a quiet night.');
    expect(editor.getText()).not.toContain('Mine.');
    act(() => {
      editor.commands.redo();
    });
    expect(editor.getText()).toContain('Theirs. It was a quiet night. Mine.');
  });

  it('draws each other person’s caret in their colour with their name, and none of the reader’s other pages', async () => {
    const { server, awareness, session } = world();
    const editor = await openEditor(session);
    const paragraphText = (server.getXmlFragment(manuscriptFragmentName).get(1) as Y.XmlElement).get(0) as Y.XmlText;
    const at = (offset: number) =>
      Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(paragraphText, offset));
    const others = [
      { id: 'u-ada', name: 'Ada Lovelace', cursor: { anchor: at(3), head: at(3) } },
      { id: 'u-grace', name: 'Grace Hopper', cursor: { anchor: at(0), head: at(7) } },
      { id: 'u-me', name: 'Me elsewhere', cursor: { anchor: at(1), head: at(1) } },
    ];
    act(() => {
      for (const other of others) {
        const remote = new Awareness(new Y.Doc());
        remote.setLocalState({ user: { id: other.id, name: other.name, color: '#000000' }, cursor: other.cursor });
        applyAwarenessUpdate(awareness, encodeAwarenessUpdate(remote, [remote.clientID]), 'remote');
      }
    });
    await waitFor(() => expect(screen.getAllByTestId('collab-caret')).toHaveLength(2));
    const carets = screen.getAllByTestId('collab-caret');
    expect(carets.map((caret) => caret.dataset['userName']).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    for (const caret of carets) {
      expect(caret.getAttribute('aria-hidden')).toBe('true');
      expect(caret.getAttribute('style')).toMatch(/--presence-light: #[0-9a-f]{6}; --presence-dark: #[0-9a-f]{6};/);
      expect(caret.textContent).toContain(caret.dataset['userName']);
    }
    // Grace's selection (split where Ada's caret sits in it) tints the text she selected.
    const tinted = [...editor.view.dom.querySelectorAll('.collab-selection[data-user-id="u-grace"]')];
    expect(tinted.map((span) => span.textContent).join('')).toBe('It was ');
  });

  it('keeps this page’s caret in the awareness when the editor loses focus, where the others see it', async () => {
    const { awareness, session } = world();
    const editor = await openEditor(session);
    act(() => {
      editor.commands.focus('end', { scrollIntoView: false });
    });
    await waitFor(() => expect(awareness.getLocalState()?.['cursor']).toBeTruthy());
    const placed = awareness.getLocalState()?.['cursor'] as unknown;
    act(() => {
      editor.commands.blur();
      (editor.view.dom as HTMLElement).blur();
      editor.view.dom.dispatchEvent(new FocusEvent('focusout'));
    });
    expect(editor.view.hasFocus()).toBe(false);
    expect(awareness.getLocalState()?.['cursor']).toEqual(placed);
  });

  it('takes no typing for a reader who may only read, and follows their role', async () => {
    const { session } = world();
    const view = render(
      <LiveBookEditor session={session} selfUserId="u-me" readOnly onEditor={vi.fn()} onSaveShortcut={vi.fn()} />,
      inTheApp,
    );
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('false');
    expect(manuscript.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    view.rerender(
      <LiveBookEditor
        session={session}
        selfUserId="u-me"
        readOnly={false}
        onEditor={vi.fn()}
        onSaveShortcut={vi.fn()}
      />,
    );
    await waitFor(() => expect(manuscript.getAttribute('contenteditable')).toBe('true'));
    expect(manuscript.getAttribute('aria-readonly')).toBeNull();
  });
});
