import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { metadataMessages, type Book } from '@bookwright/contracts/http';
import { shortNonFictionPlan } from '@bookwright/contracts/testing';
import { makeBook, starterUser } from '../../test/books';
import { typeDescription } from '../../test/description';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();
// A toolbar button focuses the text and scrolls the selection into view: jsdom lays nothing out.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const content = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: 'Chapter 1' }] },
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'It was a quiet night.' }] },
  ],
};

type Answer = (call: FakeCall) => { status: number; body?: unknown };

function openEditor(
  answers: { content?: Answer; metadata?: Answer } = {},
  overrides: Partial<Book> = {},
  path = '/app/edit/b1',
) {
  let book = makeBook({ status: 'ready', bookContent: JSON.stringify(content), ...overrides });
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [book] }),
    'GET /book/b1': () => ({ status: 200, body: book }),
    'PATCH /book/content/b1':
      answers.content ??
      ((call) => {
        book = { ...book, bookContent: (call.body as { bookContent: string }).bookContent };
        return { status: 200, body: book };
      }),
    'GET /auth/logout': () => ({ status: 200, body: { msg: 'Logged out' } }),
    'PATCH /book/metadata/b1':
      answers.metadata ??
      ((call) => {
        book = { ...book, ...(call.body as object) };
        return { status: 200, body: book };
      }),
  });
  const view = renderApp(path);
  return { calls, ...view };
}

/** The tiptap instance behind the page's editable element. */
async function editorInstance(): Promise<Editor> {
  const element = await screen.findByRole('textbox', { name: 'Manuscript' });
  return (element as HTMLElement & { editor: Editor }).editor;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('the manuscript editor', () => {
  it('is clean until edited, dirty until saved, and saves the tiptap JSON as text', async () => {
    const { calls } = openEditor();
    const editor = await editorInstance();
    expect(editor.getText()).toContain('It was a quiet night.');
    expect(saveButton().disabled).toBe(true);

    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' The sea was calm.');
    });
    expect(saveButton().disabled).toBe(false);

    await userEvent.setup().click(saveButton());
    expect(await screen.findByText('Book content updated successfully!')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(true));

    const sent = calls.find((c) => c.method === 'PATCH' && c.url === '/book/content/b1')?.body as {
      bookContent: string;
    };
    expect(typeof sent.bookContent).toBe('string');
    const doc = JSON.parse(sent.bookContent) as { type: string; content: { content?: { text: string }[] }[] };
    expect(doc.type).toBe('doc');
    expect(doc.content[1]?.content?.[0]?.text).toBe('It was a quiet night. The sea was calm.');
  });

  it('stays dirty when saving fails, with the spec toast', async () => {
    openEditor({ content: () => ({ status: 500, body: { msg: 'Boom' } }) });
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(1, 'New ');
    });
    await userEvent.setup().click(saveButton());
    expect(await screen.findByText('Book content has not been saved. Please try again')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('stays dirty when the author typed while the save was running', async () => {
    let release!: () => void;
    const { calls } = openEditor({
      content: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: makeBook({ status: 'ready' }) });
        }) as never,
    });
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(1, 'A ');
    });
    await userEvent.setup().click(saveButton());
    expect(screen.getByTestId('save-status').textContent).toBe('Saving…');
    await waitFor(() => expect(calls.some((c) => c.url === '/book/content/b1')).toBe(true));
    act(() => {
      editor.commands.insertContentAt(1, 'B ');
    });
    act(() => release());
    expect(await screen.findByText('Book content updated successfully!')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('offers the spec toolbar, headings 1 to 3 and safe links only', async () => {
    openEditor();
    const editor = await editorInstance();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Heading 1',
      'Paragraph',
      'Bold',
      'Italic',
      'Small caps',
      'Align left',
      'Align center',
      'Align right',
      'Justify',
      'Bullet list',
      'Numbered list',
      'Insert image',
    ]);
    expect(editor.extensionManager.extensions.find((e) => e.name === 'heading')?.options.levels).toEqual([1, 2, 3]);
    const undo = editor.extensionManager.extensions.find((e) => e.name === 'undoRedo');
    expect(undo?.options).toMatchObject({ depth: 100, newGroupDelay: 500 });
    expect(editor.extensionManager.extensions.some((e) => e.name === 'codeBlock')).toBe(false);
    expect(editor.extensionManager.extensions.some((e) => e.name === 'taskItem')).toBe(true);

    act(() => {
      editor.commands.setTextSelection({ from: 12, to: 17 });
      editor.commands.setLink({ href: 'javascript:alert(1)' });
    });
    expect(JSON.stringify(editor.getJSON())).not.toContain('javascript');
    act(() => {
      editor.commands.setTextSelection({ from: 12, to: 17 });
      editor.commands.setLink({ href: 'https://example.com' });
    });
    const link = document.querySelector('.book-editor a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(document.querySelector('.book-editor')?.parentElement).toBeTruthy();
  });

  it('sets small caps from the toolbar and Ctrl+Shift+K, shows them pressed, and reads them from pasted styles', async () => {
    openEditor();
    const editor = await editorInstance();
    const button = screen.getByRole('button', { name: 'Small caps' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    const user = userEvent.setup();
    // "quiet" of "It was a quiet night.", which starts at 12.
    act(() => {
      editor.commands.setTextSelection({ from: 21, to: 26 });
    });
    await user.click(button);
    expect(document.querySelector('.book-editor span.small-caps')?.textContent).toBe('quiet');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // The button gave the focus back to the text, as it does in the browser.
    act(() => {
      editor.commands.setTextSelection({ from: 27, to: 32 });
    });
    await user.keyboard('{Control>}{Shift>}k{/Shift}{/Control}');
    expect([...document.querySelectorAll('.book-editor span.small-caps')].map((span) => span.textContent)).toEqual([
      'quiet',
      'night',
    ]);
    act(() => {
      editor.commands.setContent(
        '<p><span style="font-variant: small-caps">Anno</span> <span style="font-variant-caps: all-small-caps">Domini</span></p>',
      );
    });
    expect(editor.getJSON().content?.[0]?.content).toEqual([
      { type: 'text', text: 'Anno', marks: [{ type: 'smallCaps' }] },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'Domini', marks: [{ type: 'smallCaps' }] },
    ]);
  });

  it('shows a word count and the page estimate', async () => {
    openEditor();
    await editorInstance();
    expect(screen.getByTestId('word-count').textContent).toBe('7 words');
    expect(screen.getByTestId('page-estimate').textContent).toBe('About 24 pages');
    expect(screen.queryByTestId('open-suggestions-counted')).toBeNull();
  });

  it('counts words and pages as they are printed: open suggestions read as rejected, and says how many', async () => {
    const suggested = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The night was ' },
            { type: 'text', text: 'very ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
            { type: 'text', text: 'quiet and ' },
            { type: 'text', text: 'cold.', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
          ],
        },
      ],
    };
    openEditor({}, { bookContent: JSON.stringify(suggested) });
    await editorInstance();
    // "very" is only suggested; "cold." is still in the book until the deletion is accepted.
    expect(screen.getByTestId('word-count').textContent).toBe('6 words');
    expect(screen.getByTestId('open-suggestions-counted').textContent).toBe('Counted without 2 open suggestions');
  });

  it("opens at a search result's passage: the words selected in their chapter, and nothing to save", async () => {
    openEditor({}, {}, '/app/edit/b1?chapter=0&q=QUIET');
    const editor = await editorInstance();
    await waitFor(() => {
      const { from, to } = editor.state.selection;
      expect(editor.state.doc.textBetween(from, to)).toBe('quiet');
    });
    expect(editor.isFocused).toBe(true);
    expect(saveButton().disabled).toBe(true);
  });

  it('saves before leaving for another page of the app, without asking', async () => {
    const { router, calls } = openEditor();
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(1, 'X');
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH' && c.url === '/book/content/b1')).toHaveLength(1);
  });

  it('asks before leaving when the save is failing', async () => {
    const { router } = openEditor({ content: () => ({ status: 503, body: { msg: 'Down' } }) });
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(1, 'X');
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    // The draft stays in this browser, so leaving loses nothing: the text says so, not "lost".
    expect(
      screen.getByText(
        'Your latest changes are not saved to your account yet. They stay on this device and come back when you open this book here again, to be saved once the connection is back.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/will be lost/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/app/edit/b1');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});

describe('signing out from the editor', () => {
  it('with edits the server refuses, warns first: staying keeps the session, leaving signs out', async () => {
    const { router, calls } = openEditor({ content: () => ({ status: 503, body: { msg: 'Down' } }) });
    const editor = await editorInstance();
    act(() => {
      editor.commands.insertContentAt(1, 'X');
    });
    const user = userEvent.setup();
    const signOut = async () => {
      await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
      await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
    };
    await signOut();
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    // Signing out clears this user's drafts: only here are the changes really lost.
    expect(
      screen.getByText(
        'Your latest changes are not saved to your account yet. Signing out removes them from this device: if you sign out now, they will be lost.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === '/auth/logout')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/app/edit/b1');
    expect(calls.some((c) => c.url === '/auth/logout')).toBe(false);

    await signOut();
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url === '/auth/logout')).toBe(true);
  });
});

describe('the metadata form', () => {
  async function openMetadata() {
    const user = userEvent.setup();
    // The first open of the editor route in a file loads its lazy modules: a generous wait, measuring nothing.
    await user.click(await screen.findByRole('button', { name: 'Show book details' }, { timeout: 60_000 }));
    await user.click(await screen.findByRole('tab', { name: 'Metadata' }));
    return user;
  }

  it('marks the required fields and checks them before saving', async () => {
    const { calls } = openEditor();
    const user = await openMetadata();
    for (const label of ['Title', 'Author', 'Identifier (UUID/ISBN)', 'Language']) {
      expect(screen.getByLabelText(label).getAttribute('aria-required')).toBe('true');
    }
    expect(screen.getByLabelText('Publisher').getAttribute('aria-required')).toBeNull();
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText('Genre') as HTMLInputElement).value).toBe('mystery');

    // Author starts as the account's name (issue 47); emptied, it is refused before anything is sent.
    await user.clear(screen.getByLabelText('Author'));
    await user.click(screen.getByRole('button', { name: 'Save metadata' }));
    expect(screen.getByText(metadataMessages.author)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Author'));
    expect(calls.some((c) => c.url === '/book/metadata/b1')).toBe(false);
  });

  it('names the languages in English, in alphabetical order, as the create form does (issue 47)', async () => {
    openEditor();
    await openMetadata();
    const shown = [...screen.getByLabelText<HTMLSelectElement>('Language').options].map((o) => o.textContent);
    expect(shown.slice(0, 3)).toEqual(['Albanian', 'Croatian', 'Czech']);
    expect(shown).toContain('Italian');
    expect(shown).not.toContain('Italiano');
    expect(shown).toEqual([...shown].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en')));
    // The values stay the stored codes.
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Italian' }).value).toBe('it');
  });

  it("starts an empty Author with the account's name, sends nothing until saved, and keeps a saved author", async () => {
    const { calls } = openEditor();
    await openMetadata();
    expect(screen.getByLabelText<HTMLInputElement>('Author').value).toBe('Ada Lovelace');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    cleanup();
    vi.unstubAllGlobals();
    openEditor({}, { author: 'Mary Shelley' });
    await openMetadata();
    expect(screen.getByLabelText<HTMLInputElement>('Author').value).toBe('Mary Shelley');
  });

  it('names every missing required field next to it, and offers an identifier in one click', async () => {
    openEditor();
    const user = await openMetadata();
    await user.clear(screen.getByLabelText('Title'));
    await user.clear(screen.getByLabelText('Author'));
    await user.type(screen.getByLabelText('Publisher'), 'Harbour Press');
    await user.click(screen.getByRole('button', { name: 'Save metadata' }));
    // Each message is tied to its own field (aria-describedby), all at once.
    for (const [label, message] of [
      ['Title', metadataMessages.title],
      ['Author', metadataMessages.author],
      ['Identifier (UUID/ISBN)', metadataMessages.identifier],
    ] as const) {
      const described = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      const texts = described.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(texts, label).toContain(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect((screen.getByLabelText('Publisher') as HTMLInputElement).value).toBe('Harbour Press');

    await user.click(screen.getByRole('button', { name: 'Generate a UUID' }));
    expect((screen.getByLabelText('Identifier (UUID/ISBN)') as HTMLInputElement).value).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(screen.queryByText(metadataMessages.identifier)).toBeNull();
    expect(screen.getByText(metadataMessages.author)).toBeTruthy();
  });

  it('loses nothing typed, whatever the order of the fields and the refused saves in between', async () => {
    const fields = {
      Author: 'Ada Lovelace',
      'Identifier (UUID/ISBN)': '978-3-16-148410-0',
      Publisher: 'Harbour Press',
      Description: 'Letters from the sea.',
      Rights: 'All rights reserved',
    } as const;
    type Label = keyof typeof fields;
    const labels = Object.keys(fields) as Label[];
    // The description is rich text (contenteditable): what the author sees is its text.
    const value = (label: Label) => {
      const control = screen.getByLabelText(label);
      return control instanceof HTMLInputElement ? control.value : control.textContent;
    };

    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(labels, { minLength: labels.length }),
        fc.array(fc.boolean(), { minLength: labels.length, maxLength: labels.length }),
        async (order, lookAway) => {
          cleanup();
          vi.unstubAllGlobals();
          const { calls } = openEditor();
          const user = await openMetadata();
          // The prefilled account name emptied first: then Author is missing until it is typed.
          await user.clear(screen.getByLabelText('Author'));
          const typed: Label[] = [];
          for (const [i, label] of order.entries()) {
            if (label === 'Description') await typeDescription(fields[label]);
            else await user.type(screen.getByLabelText(label), fields[label]);
            typed.push(label);
            await user.click(screen.getByRole('button', { name: 'Save metadata' }));
            if (lookAway[i]) {
              await user.click(screen.getByRole('tab', { name: 'Concept' }));
              await user.click(screen.getByRole('tab', { name: 'Metadata' }));
            }
            for (const done of typed) expect(value(done), done).toBe(fields[done]);
            const complete = typed.includes('Author') && typed.includes('Identifier (UUID/ISBN)');
            if (!complete) {
              expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
              if (!typed.includes('Author')) expect(screen.getByText(metadataMessages.author)).toBeTruthy();
            }
          }
          await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
          expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({
            author: fields.Author,
            identifier: fields['Identifier (UUID/ISBN)'],
            publisher: fields.Publisher,
            description: `<p>${fields.Description}</p>`,
            rights: fields.Rights,
          });
          for (const label of labels) expect(value(label), label).toBe(fields[label]);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);

  // Types into every field of the form: under a CI run's load it passed the default 30 s (the rehearsal of 2026-11-30).
  it('saves every field, keywords as a list and the picked date', { timeout: 90_000 }, async () => {
    const { calls } = openEditor();
    const user = await openMetadata();
    // The author is the account's name, prefilled: saved without being typed.
    await user.type(screen.getByLabelText('Identifier (UUID/ISBN)'), '978-3-16-148410-0');
    await user.selectOptions(screen.getByLabelText('Language'), 'it');
    await user.type(screen.getByLabelText('Publisher'), 'Harbour Press');
    await typeDescription('Letters from the sea.');
    await user.type(screen.getByLabelText('Subject/Keywords'), 'sea, letters,');
    await user.type(screen.getByLabelText('Rights'), 'All rights reserved');

    await user.click(screen.getByRole('button', { name: /Publication Date/ }));
    const dialog = screen.getByRole('dialog', { name: /Publication Date/ });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await user.click(within(dialog).getByRole('button', { name: 'Today' }));
    const now = new Date();
    const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(now);
    expect(screen.getByRole('button', { name: /Publication Date/ }).textContent).toContain(monthName);

    await user.click(screen.getByRole('button', { name: 'Save metadata' }));
    expect(await screen.findByText(metadataMessages.saved)).toBeTruthy();
    expect(calls.find((c) => c.url === '/book/metadata/b1')?.body).toEqual({
      title: 'The Keeper of Letters',
      author: 'Ada Lovelace',
      identifier: '978-3-16-148410-0',
      languageMetadata: 'it',
      genreMetadata: 'mystery',
      publisher: 'Harbour Press',
      description: '<p>Letters from the sea.</p>',
      keywords: ['sea', 'letters'],
      rights: 'All rights reserved',
      publicationDate: iso,
      isbn: null,
      subtitle: null,
    });
  });

  it("shows the side panel's failure toast", async () => {
    openEditor({ metadata: () => ({ status: 500, body: { msg: 'nope' } }) });
    const user = await openMetadata();
    await user.type(screen.getByLabelText('Author'), 'Ada');
    await user.type(screen.getByLabelText('Identifier (UUID/ISBN)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save metadata' }));
    expect(await screen.findByText('Error saving new metadata. Please try again')).toBeTruthy();
  });
});

describe('the side panel', () => {
  it("shows the plan's parts with 'Not set' and 'None' for empty values", async () => {
    openEditor();
    const user = userEvent.setup();
    // Narrow screens (and jsdom, which has no media queries) start with the panel closed.
    await user.click(await screen.findByRole('button', { name: 'Show book details' }));
    await screen.findByRole('tab', { name: 'Concept' });
    expect(screen.getByText('Literary mystery')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'World Building' }));
    expect(screen.getByText('Not set')).toBeTruthy(); // culturalContext is empty
    await user.click(screen.getByRole('tab', { name: 'Characters' }));
    expect(screen.getByText('Jonah')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Plot Structure' }));
    expect(screen.getByText('Act 2')).toBeTruthy();
    expect(screen.getByText('Morning')).toBeTruthy();
  });

  it('shows a non-fiction plan as the validation screen does: Concept, Research and Content', async () => {
    openEditor({}, { genre: 'cooking', bookType: 'non-fiction', bookState: shortNonFictionPlan() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show book details' }));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Concept', 'Research', 'Content', 'Metadata']);
    await user.click(screen.getByRole('tab', { name: 'Research' }));
    expect(screen.getByText('Wild yeast')).toBeTruthy();
    expect(screen.getByText('Microbes.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(screen.getByText('Section 1: The starter')).toBeTruthy();
    expect(screen.getByText('Flour')).toBeTruthy();
    expect(screen.queryByText('None')).toBeNull();
  });
});
