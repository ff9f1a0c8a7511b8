import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentText, type CommentThread, type TiptapDocument } from '@bookwright/contracts/http';
import { outsideSuggestionId } from '@bookwright/manuscript';
import { makeBook, starterUser } from '../../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../../test/utils';

resetAfterEach();
// The editor's route is a lazy chunk: imported once here, so no test waits for its first transform.
beforeAll(() => import('../EditorPage'), 180_000);
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const janes = outsideSuggestionId('Jane Editor', Date.UTC(2026, 10, 24));
const paragraph = (...content: object[]) => ({ type: 'paragraph', attrs: { textAlign: null }, content });
const heading = (text: string) => ({
  type: 'heading',
  attrs: { level: 1, textAlign: null },
  content: [{ type: 'text', text }],
});

/** A book as a Word re-import leaves it: a tracked insertion by Jane and her comment on the words before it. */
const reimported = {
  type: 'doc',
  content: [
    heading('Chapter 1'),
    paragraph(
      { type: 'text', text: 'It was a quiet night.', marks: [{ type: 'comment', attrs: { commentId: 'w90' } }] },
      { type: 'text', text: ' Quietly inserted.', marks: [{ type: 'insertion', attrs: { id: janes } }] },
    ),
    heading('Chapter 2'),
    paragraph(
      { type: 'text', text: 'Morning came ' },
      {
        type: 'text',
        text: 'slowly ',
        marks: [{ type: 'deletion', attrs: { id: janes.replace(/~[^~]+$/, '~abcdef') } }],
      },
      { type: 'text', text: 'over the harbour.' },
    ),
  ],
};

const thread: CommentThread = {
  id: 't1',
  author: { id: starterUser._id, name: 'Ada Author' },
  body: 'Jane Editor (in Word, 2026-11-24): Too quiet here.',
  anchor: { chapter: 1, quote: 'It was a quiet night.', markId: 'w90' },
  createdAt: '2026-11-25T10:00:00.000Z',
  resolved: false,
  onDeletedText: false,
  replies: [
    {
      id: 'r1',
      author: { id: starterUser._id, name: 'Ada Author' },
      body: 'Jane Editor (in Word, 2026-11-24): And the gulls?',
      createdAt: '2026-11-25T10:00:01.000Z',
    },
  ],
};

function openSoloBook(bookContent: object, threads: CommentThread[]) {
  let book = makeBook({ status: 'ready', bookContent: JSON.stringify(bookContent) });
  let listed = threads;
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [book] }),
    'GET /book/b1': () => ({ status: 200, body: book }),
    'GET /book/b1/comments': () => ({ status: 200, body: listed }),
    'PATCH /book/content/b1': (call) => {
      book = { ...book, bookContent: (call.body as { bookContent: string }).bookContent };
      return { status: 200, body: book };
    },
    'PATCH /book/b1/comments/t1': (call) => {
      const resolved = (call.body as { resolved: boolean }).resolved;
      listed = listed.map((t) =>
        t.id === 't1' ? { ...t, resolved, ...(resolved ? { resolvedBy: t.author, resolvedAt: t.createdAt } : {}) } : t,
      );
      return { status: 200, body: listed[0] };
    },
    'DELETE /book/b1/comments/r1': () => {
      listed = listed.map((t) => ({ ...t, replies: [] }));
      return { status: 200, body: { msg: 'Comment deleted' } };
    },
  });
  renderApp('/app/edit/b1');
  return calls;
}

async function editorInstance(): Promise<Editor> {
  // The editor's route is a lazy chunk: its first import (transformed on demand) can outlast the usual wait.
  const element = await screen.findByRole('textbox', { name: 'Manuscript' }, { timeout: 60_000 });
  return (element as HTMLElement & { editor: Editor }).editor;
}

/** The book details, beside the manuscript (jsdom's screen is narrow: the panel starts closed). */
async function showDetails() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Show book details' }));
}

const bar = () => screen.getByRole('region', { name: 'Suggestions' });

describe('the solo editor reviewing a Word re-import', { timeout: 120_000 }, () => {
  it('goes through the book’s suggestions, accepts Jane’s insertion and saves the text without its mark', async () => {
    const calls = openSoloBook(reimported, []);
    const editor = await editorInstance();
    const user = userEvent.setup();
    expect(within(bar()).getByTestId('suggestions-in-book').textContent).toBe('2 suggestions in the book');
    // No one to suggest to: no Suggesting switch.
    expect(screen.queryByRole('switch', { name: 'Suggesting' })).toBeNull();
    // Drawn with the reviewer's name, as in the live editor.
    const inserted = editor.view.dom.querySelector('.suggestion-insertion');
    expect(inserted?.getAttribute('title')).toBe('Jane Editor suggested adding this');

    await user.click(within(bar()).getByRole('button', { name: 'Next suggestion' }));
    expect(within(bar()).getByTestId('current-suggestion').textContent).toContain(
      'Jane Editor: add “Quietly inserted.”',
    );
    await user.click(within(bar()).getByRole('button', { name: 'Next suggestion' }));
    expect(within(bar()).getByTestId('current-suggestion').textContent).toContain('Jane Editor: delete “slowly”');
    // After the last, the first again.
    await user.click(within(bar()).getByRole('button', { name: 'Next suggestion' }));
    await user.click(within(bar()).getByRole('button', { name: 'Accept Jane Editor’s suggestion' }));
    expect(within(bar()).getByTestId('suggestions-in-book').textContent).toBe('1 suggestion in the book');

    // The decision is an edit like any other, saved by the solo editor's saves (Save, or autosave when it
    // came first): conditionally, as the whole manuscript.
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    if (!save.disabled) await user.click(save);
    const saves = () => calls.filter((c) => c.method === 'PATCH' && c.url === '/book/content/b1');
    await waitFor(() => expect(saves().length).toBeGreaterThan(0), { timeout: 30_000 });
    const saved = saves().at(-1)!;
    expect(saved.headers.get('If-Match')).toBeTruthy();
    const stored = (saved.body as { bookContent: string }).bookContent;
    expect(documentText(JSON.parse(stored) as TiptapDocument)).toContain('It was a quiet night. Quietly inserted.');
    expect(stored).not.toContain('"insertion"');
    // The rejected-or-not deletion of the other chapter is still open.
    expect(stored).toContain('"deletion"');

    // Rejecting the last one takes the bar away: nothing left to decide.
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 8);
    });
    await user.click(within(bar()).getByRole('button', { name: 'Reject all in chapter' }));
    expect(screen.queryByRole('region', { name: 'Suggestions' })).toBeNull();
    expect(editor.getText()).toContain('Morning came slowly over the harbour.');
  });

  it('keeps what the author types inside Jane’s insertion their own, not Jane’s', async () => {
    openSoloBook(reimported, []);
    const editor = await editorInstance();
    let inside = 0;
    editor.state.doc.descendants((node, pos) => {
      if (node.isText && node.text === ' Quietly inserted.') inside = pos + 4;
    });
    act(() => {
      editor.chain().setTextSelection(inside).insertContent('xyz').run();
    });
    const typed: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.isText && node.text?.includes('xyz'))
        typed.push(...node.marks.map((m) => `${m.type.name}:${String(m.attrs['id'])}`));
    });
    expect(typed.some((mark) => mark.includes('outside:'))).toBe(false);
  });

  it('shows the Word comments with their reviewer, and lets the author resolve a thread and delete a reply', async () => {
    const calls = openSoloBook(reimported, [thread]);
    await editorInstance();
    const user = userEvent.setup();
    await showDetails();
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    const panel = screen.getByRole('region', { name: 'Comments on this book' });
    const card = within(panel).getByTestId('comment-thread');
    expect(
      within(card)
        .getAllByTestId('comment-body')
        .map((b) => b.textContent),
    ).toEqual([
      'Jane Editor (in Word, 2026-11-24): Too quiet here.',
      'Jane Editor (in Word, 2026-11-24): And the gulls?',
    ]);
    // Its words are highlighted in the manuscript, where the import put the comment's mark.
    await waitFor(() =>
      expect(document.querySelector('mark.comment-anchor[data-thread-id="t1"]')?.textContent).toBe(
        'It was a quiet night.',
      ),
    );
    await user.click(within(card).getByRole('button', { name: /^Delete: Jane Editor \(in Word, 2026-11-24\): And/ }));
    await waitFor(() => expect(within(panel).queryByTestId('comment-reply')).toBeNull());

    await user.click(within(card).getByRole('button', { name: 'Resolve: It was a quiet night.' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === '/book/b1/comments/t1')).toBe(true));
    expect(await within(panel).findByText('Resolved (1)')).toBeTruthy();
    // The tab stays for the visit, though nothing is open any more.
    expect(screen.getByRole('tab', { name: 'Comments' })).toBeTruthy();
  });

  it('looks as before on a book without suggestions or threads: no bar, no Comments tab', async () => {
    openSoloBook({ type: 'doc', content: [heading('Chapter 1'), paragraph({ type: 'text', text: 'Plain.' })] }, []);
    await editorInstance();
    await showDetails();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Concept' })).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Suggestions' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Comments' })).toBeNull();
  });
});
