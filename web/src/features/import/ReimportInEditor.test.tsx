import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { makeBook, starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { sampleReport, stubUploads } from './testing';

resetAfterEach();

const doc = (text: string) =>
  JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: 'Chapter 1' }] },
      { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text }] },
    ],
  });

describe('a corrected Word file, imported from the editor', () => {
  it('goes on the version the editor holds, and the editor then shows it and saves on its new version', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const book = { ...makeBook({ status: 'ready', bookContent: doc('It was a quiet night.') }), etag: '"e1"' };
    const calls = mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [book] }),
      'GET /book/b1': () => ({ status: 200, body: book }),
      'PATCH /book/content/b1': () => ({ status: 200, body: { etag: '"e3"', updatedAt: new Date().toISOString() } }),
    });
    const { next } = stubUploads();
    renderApp('/app/edit/b1');
    const element = await screen.findByRole('textbox', { name: 'Manuscript' });
    const editor = (element as HTMLElement & { editor: Editor }).editor;
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Import a corrected Word file…' }));
    await screen.findByRole('dialog', { name: 'Import a corrected Word file' });
    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), {
      dataTransfer: { files: [new File(['PK'], 'edited.docx')] },
    });
    const upload = await next();
    expect(upload.url).toBe('/book/b1/import');
    expect(upload.headers['If-Match']).toBe('"e1"');
    upload.answer(200, {
      book: { ...book, bookContent: doc('It was a stormy night.'), etag: '"e2"' },
      report: sampleReport(),
    });
    await screen.findByRole('heading', { name: 'The corrected file is in the book' });
    await waitFor(() => expect(editor.getText()).toContain('It was a stormy night.'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));

    // The next save is conditional on the version the import made, not the one before it.
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Thunder.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.headers.get('If-Match')).toBe('"e2"');
  });
});
