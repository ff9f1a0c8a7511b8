import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rewriteMessages } from '@bookwright/contracts/http';
import { makeBook, starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { revisionDiff } from './revisionDiff';

resetAfterEach();

// jsdom does no layout: ProseMirror's scroll-into-view after undo measures ranges.
beforeAll(() => {
  const list = (() => Object.assign([], { item: () => null })) as unknown as () => DOMRectList;
  Range.prototype.getClientRects ??= list;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text }],
  })),
});
const current = doc('It was a quiet night.', 'The sea was calm.');
const older = doc('It was a stormy night.', 'The sea was calm.');

function openEditor(extra: Parameters<typeof mockFetch>[0] = {}) {
  let book = makeBook({ status: 'ready', bookContent: JSON.stringify(current) });
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [book] }),
    'GET /book/b1': () => ({ status: 200, body: book }),
    'GET /book/b1/revisions': () => ({
      status: 200,
      body: [
        { id: 'r2', createdAt: '2026-11-23T10:05:00.000Z', wordCount: 9 },
        { id: 'r1', createdAt: '2026-11-22T09:00:00.000Z', wordCount: 9 },
      ],
    }),
    'GET /book/b1/revisions/r1': () => ({
      status: 200,
      body: { id: 'r1', createdAt: '2026-11-22T09:00:00.000Z', wordCount: 9, bookContent: JSON.stringify(older) },
    }),
    'POST /book/b1/revisions/r1/restore': () => {
      book = { ...book, bookContent: JSON.stringify(older) };
      return { status: 200, body: book };
    },
    ...extra,
  });
  renderApp('/app/edit/b1');
  return calls;
}

async function editorInstance(): Promise<Editor> {
  const element = await screen.findByRole('textbox', { name: 'Manuscript' });
  return (element as HTMLElement & { editor: Editor }).editor;
}

describe('revision diff', () => {
  it('marks what a restore removes and brings back, and shortens long unchanged stretches', () => {
    const parts = revisionDiff('It was a quiet night.', 'It was a stormy night.');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['quiet']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['stormy']);
    const long = 'word '.repeat(200);
    const [same] = revisionDiff(`${long}end`, `${long}finish`);
    expect(same!.kind).toBe('same');
    expect(same!.text).toContain(' … ');
    expect(same!.text.length).toBeLessThan(long.length);
  });
});

describe('History in the editor', () => {
  it('lists versions with their word counts, shows the diff and restores into the editor', async () => {
    const calls = openEditor();
    const editor = await editorInstance();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    const versions = within(await within(dialog).findByRole('list', { name: 'Saved versions' })).getAllByRole('button');
    expect(versions).toHaveLength(2);
    expect(versions[0]!.textContent).toContain('9 words');
    expect(versions[0]!.textContent).toContain('latest');
    const restore = within(dialog).getByRole('button', { name: 'Restore this version' }) as HTMLButtonElement;
    expect(restore.disabled).toBe(true);
    await user.click(versions[1]!);
    const diff = await within(dialog).findByTestId('revision-diff');
    expect(diff.querySelector('del')?.textContent).toContain('quiet');
    expect(diff.querySelector('ins')?.textContent).toContain('stormy');
    await user.click(restore);
    await waitFor(() => expect(editor.getText()).toContain('It was a stormy night.'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/book/b1/revisions/r1/restore')).toBe(true);
    expect(await screen.findByText(/Version restored/)).toBeTruthy();
    // The restored text is what the server holds: nothing to save.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses to restore over unsaved changes', async () => {
    const calls = openEditor();
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' More.');
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    const versions = within(await within(dialog).findByRole('list', { name: 'Saved versions' })).getAllByRole('button');
    await user.click(versions[1]!);
    await within(dialog).findByTestId('revision-diff');
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText('Save or discard your changes before restoring a version.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/restore'))).toBe(false);
  });
});

describe('named versions in History', () => {
  it('shows names ("As written"), and saves a version with an optional name', async () => {
    let revisions = [
      { id: 'r2', createdAt: '2026-11-23T10:05:00.000Z', wordCount: 9, name: null },
      { id: 'r1', createdAt: '2026-11-22T09:00:00.000Z', wordCount: 9, name: 'As written' },
    ];
    const calls = openEditor({
      'GET /book/b1/revisions': () => ({ status: 200, body: revisions }),
      'POST /book/b1/revisions': (call) => {
        const { name } = call.body as { name?: string };
        const created = { id: `r${revisions.length + 1}`, createdAt: '2026-11-24T08:00:00.000Z', wordCount: 9 };
        revisions = [{ ...created, name: name ?? null }, ...revisions];
        return { status: 201, body: { ...created, name: name ?? null, bookContent: JSON.stringify(current) } };
      },
    });
    await editorInstance();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    expect(dialog.textContent).toContain('A version is kept every 10 minutes of editing');
    expect(dialog.textContent).toContain('Named versions are kept forever');
    expect(dialog.textContent).not.toContain('Every save keeps a version');
    const list = await within(dialog).findByRole('list', { name: 'Saved versions' });
    expect(within(list).getAllByRole('button')[1]!.textContent).toContain('As written');

    await user.type(within(dialog).getByLabelText('Name (optional)'), '  Before the new ending ');
    await user.click(within(dialog).getByRole('button', { name: 'Save a version' }));
    expect(await screen.findByText('Version saved.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(within(list).getAllByRole('button')[0]!.textContent).toContain('Before the new ending');
    // Without a name: the body has none.
    await user.click(within(dialog).getByRole('button', { name: 'Save a version' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(4));
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/book/b1/revisions').map((c) => c.body);
    expect(posts).toEqual([{ name: 'Before the new ending' }, {}]);
  });

  it('saves pending changes before saving a version', async () => {
    const calls = openEditor({
      'PATCH /book/content/b1': () => ({ status: 200, body: makeBook({ status: 'ready' }) }),
      'POST /book/b1/revisions': () => ({
        status: 201,
        body: { id: 'r3', createdAt: '2026-11-24T08:00:00.000Z', wordCount: 9, name: null, bookContent: '' },
      }),
    });
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' More.');
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    await user.click(within(dialog).getByRole('button', { name: 'Save a version' }));
    expect(await screen.findByText('Version saved.')).toBeTruthy();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(order).toEqual(['PATCH /book/content/b1', 'POST /book/b1/revisions']);
  });
});

async function openMetadataTab(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.queryByRole('button', { name: 'Show book details' });
  if (toggle) await user.click(toggle);
  await user.click(screen.getByRole('tab', { name: 'Metadata' }));
}

describe('Suggest with AI in the metadata form', () => {
  const suggestion = {
    description: '<p>Letters from the <strong>sea</strong>.</p><ul><li><p>Storms</p></li></ul>',
    keywords: ['lighthouse', 'letters'],
    categories: ['Fiction / Mystery & Detective', 'Fiction / Literary'],
    subtitle: 'A Baltic Mystery',
  };

  it('fills the form on Accept and leaves it alone on Discard; saving sends the subtitle', async () => {
    const calls = openEditor({
      'POST /book/b1/metadata/suggest': () => ({ status: 200, body: { data: suggestion } }),
      'PATCH /book/metadata/b1': (call) => ({
        status: 200,
        body: makeBook({ status: 'ready', ...(call.body as object) }),
      }),
    });
    await editorInstance();
    const user = userEvent.setup();
    await openMetadataTab(user);
    const form = screen.getByRole('form', { name: 'Book metadata' });
    const description = within(form).getByRole('textbox', { name: 'Description' });
    const before = description.innerHTML;

    await user.click(within(form).getByRole('button', { name: 'Suggest with AI' }));
    const card = await within(form).findByRole('region', { name: 'Suggested metadata' });
    // The suggestion reads formatted, as the field will show it: no tags as text.
    expect(within(card).getByText('sea').tagName).toBe('STRONG');
    expect(card.textContent).not.toContain('<');
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(description.innerHTML).toBe(before);

    await user.click(within(form).getByRole('button', { name: 'Suggest with AI' }));
    await user.click(
      within(await within(form).findByRole('region', { name: 'Suggested metadata' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    // Accepted, the Description shows formatted text, not tags.
    expect(within(description).getByText('sea').tagName).toBe('STRONG');
    expect(within(description).getByRole('listitem').textContent).toBe('Storms');
    expect(description.textContent).toBe('Letters from the sea.Storms');
    expect((within(form).getByLabelText('Genre') as HTMLInputElement).value).toBe(
      'Fiction / Mystery & Detective; Fiction / Literary',
    );
    expect(within(form).getByRole('list', { name: 'Keywords' }).textContent).toContain('lighthouse');

    // The model names no author: the required Author holds the account's name, not nothing (issue 47).
    expect((within(form).getByLabelText('Author', { exact: true }) as HTMLInputElement).value).toBe('Ada Lovelace');
    await user.type(within(form).getByLabelText('Identifier (UUID/ISBN)'), 'urn:isbn:1');
    await user.click(within(form).getByRole('button', { name: 'Save metadata' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === '/book/metadata/b1')).toBe(true));
    const sent = calls.find((c) => c.url === '/book/metadata/b1')!.body as {
      subtitle: string;
      keywords: string[];
      description: string;
    };
    expect(sent.description).toBe(suggestion.description);
    expect(sent.subtitle).toBe('A Baltic Mystery');
    expect(sent.keywords).toEqual(['lighthouse', 'letters']);
  });

  it("fills an emptied Author with the account's name on Accept, and keeps an author typed", async () => {
    openEditor({ 'POST /book/b1/metadata/suggest': () => ({ status: 200, body: { data: suggestion } }) });
    await editorInstance();
    const user = userEvent.setup();
    await openMetadataTab(user);
    const form = screen.getByRole('form', { name: 'Book metadata' });
    const author = within(form).getByLabelText<HTMLInputElement>('Author', { exact: true });
    const accept = async () => {
      await user.click(within(form).getByRole('button', { name: 'Suggest with AI' }));
      const card = await within(form).findByRole('region', { name: 'Suggested metadata' });
      await user.click(within(card).getByRole('button', { name: 'Accept' }));
    };

    await user.clear(author);
    await accept();
    expect(author.value).toBe('Ada Lovelace');

    await user.clear(author);
    await user.type(author, 'Mary Shelley');
    await accept();
    expect(author.value).toBe('Mary Shelley');
  });

  it('shows the server’s message when the suggestion fails', async () => {
    openEditor({
      'POST /book/b1/metadata/suggest': () => ({
        status: 502,
        body: { msg: 'Could not suggest metadata. Please try again.' },
      }),
    });
    await editorInstance();
    const user = userEvent.setup();
    await openMetadataTab(user);
    await user.click(screen.getByRole('button', { name: 'Suggest with AI' }));
    expect(await screen.findByText('Could not suggest metadata. Please try again.')).toBeTruthy();
  });

  it('shows a refusal in the server’s words, not the generic failure', async () => {
    openEditor({
      'POST /book/b1/metadata/suggest': () => ({
        status: 429,
        body: { msg: 'Too many requests. Please try again later.' },
      }),
    });
    await editorInstance();
    const user = userEvent.setup();
    await openMetadataTab(user);
    await user.click(screen.getByRole('button', { name: 'Suggest with AI' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
  });
});

describe('Rewrite in the editor', () => {
  /** Answers POST /book/b1/rewrite with this SSE text (or status), everything else as mockFetch does. */
  function withRewrite(answer: { status: number; sse?: string; body?: unknown }) {
    const base = globalThis.fetch;
    const requests: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/book/b1/rewrite')) {
        requests.push(JSON.parse(String(init?.body)));
        return answer.sse !== undefined
          ? new Response(answer.sse, { status: 200, headers: { 'content-type': 'text/event-stream' } })
          : new Response(JSON.stringify(answer.body), {
              status: answer.status,
              headers: { 'content-type': 'application/json' },
            });
      }
      return base(input, init);
    });
    return requests;
  }

  it('streams the replacement beside the selection; Accept replaces it in one undoable step', async () => {
    openEditor();
    const requests = withRewrite({
      status: 200,
      sse: 'event: delta\ndata: {"text":"It was a "}\n\nevent: delta\ndata: {"text":"still night."}\n\nevent: done\ndata: {"text":"It was a still night."}\n\n',
    });
    const editor = await editorInstance();
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 22 });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    const panel = await screen.findByRole('dialog', { name: 'Rewrite with AI' });
    await user.click(within(panel).getByRole('button', { name: 'More vivid' }));
    await waitFor(() => expect(within(panel).getByTestId('rewrite-result').textContent).toBe('It was a still night.'));
    expect(requests[0]).toMatchObject({
      text: 'It was a quiet night.',
      instruction: 'vivid',
      after: 'The sea was calm.',
    });
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(editor.getText()).toContain('It was a still night.');
    expect(editor.getText()).not.toContain('quiet');
    act(() => {
      editor.commands.undo();
    });
    expect(editor.getText()).toContain('It was a quiet night.');
  });

  it('keeps the text and the selection on a model error, with a toast; Discard changes nothing', async () => {
    openEditor();
    withRewrite({ status: 200, sse: `event: error\ndata: {"msg":"${rewriteMessages.failed}"}\n\n` });
    const editor = await editorInstance();
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 22 });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    const panel = await screen.findByRole('dialog', { name: 'Rewrite with AI' });
    await user.click(within(panel).getByRole('button', { name: 'Shorter' }));
    expect(await screen.findByText(rewriteMessages.failed)).toBeTruthy();
    expect(editor.getText()).toContain('It was a quiet night.');
    expect(editor.state.selection.from).toBe(1);
    expect(editor.state.selection.to).toBe(22);
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog', { name: 'Rewrite with AI' })).toBeNull();
    expect(editor.getText()).toContain('It was a quiet night.');
  });

  it('asks for a selection first', async () => {
    openEditor();
    await editorInstance();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rewrite' }));
    expect(await screen.findByText('Select the text you want to rewrite first.')).toBeTruthy();
  });
});
