import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { makeBook, starterUser } from '../../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../../test/utils';
import { clearDraft, readDraft, writeDraft } from './draftStore';
import type { VersionedBook } from './conditionalRequests';
import { booksApi } from '../../books/booksApi';
import { defaultPreferences, savePreferences } from '../../settings/preferences';

resetAfterEach();

const doc = (text: string) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text }] }],
  });

const userId = starterUser._id;

/**
 * A fake server for one book with conditional saves as pinned for issue 19: every answer carries the book's
 * `etag`; a PATCH whose If-Match is not the current one answers 412 and stores nothing. A manuscript save
 * with `Prefer: return=minimal` is answered with the new version only, unless `ignoresPrefer` (RFC 7240
 * lets a server answer as it would have).
 */
function fakeServer(
  options: {
    content?: (call: FakeCall) => { status: number; body?: unknown } | undefined;
    ignoresPrefer?: boolean;
  } = {},
) {
  let count = 1;
  const server = {
    book: {
      ...makeBook({ status: 'ready', bookContent: doc('It was a quiet night.') }),
      etag: '"e1"',
    } as VersionedBook,
    /** Another tab or device saves. */
    changeElsewhere(change: Partial<VersionedBook>) {
      server.book = { ...server.book, ...change, etag: `"e${++count}"` };
    },
  };
  const stale = (call: FakeCall) => {
    const ifMatch = call.headers.get('If-Match');
    return ifMatch !== null && ifMatch !== server.book.etag;
  };
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [server.book] }),
    'GET /book/b1': () => ({ status: 200, body: server.book }),
    'GET /auth/logout': () => ({ status: 200, body: { msg: 'Logged out' } }),
    'PATCH /book/content/b1': (call) => {
      const forced = options.content?.(call);
      if (forced) return forced;
      if (stale(call)) {
        return { status: 412, body: { msg: 'This book was changed in another tab or device', etag: server.book.etag } };
      }
      const { bookContent } = call.body as { bookContent?: string };
      server.changeElsewhere({ bookContent, updatedAt: new Date(Date.now() + count * 1000).toISOString() });
      if (call.headers.get('Prefer') === 'return=minimal' && !options.ignoresPrefer) {
        return { status: 200, body: { etag: server.book.etag, updatedAt: server.book.updatedAt } };
      }
      return { status: 200, body: server.book };
    },
    'PATCH /book/metadata/b1': (call) => {
      if (stale(call)) {
        return { status: 412, body: { msg: 'This book was changed in another tab or device', etag: server.book.etag } };
      }
      server.changeElsewhere(call.body as Partial<VersionedBook>);
      return { status: 200, body: server.book };
    },
    'POST /book/b1/revisions': (call) => ({
      status: 201,
      body: { id: 'r9', createdAt: new Date().toISOString(), wordCount: 3, ...(call.body as object) },
    }),
  });
  return { server, calls };
}

let store: ReturnType<typeof renderApp>['store'];

async function openEditor() {
  ({ store } = renderApp('/app/edit/b1'));
  // A generous wait: the first open of a file loads the app's lazy routes, whose transform alone can take
  // longer than findBy's default on a busy machine (it measures nothing here).
  const element = await screen.findByRole('textbox', { name: 'Manuscript' }, { timeout: 60_000 });
  return (element as HTMLElement & { editor: Editor }).editor;
}

const type = (editor: Editor, text: string) =>
  act(() => {
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, text);
  });

const status = () => screen.getByTestId('save-status');
/** The book as the page holds it (the editor's cached GET /book/b1). */
const pageBook = () => booksApi.endpoints.getBook.select('b1')(store.getState()).data as VersionedBook | undefined;
const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PATCH' && c.url === '/book/content/b1');
/** What a save sent: the whole text. */
const textOfCall = (call: FakeCall | undefined) => (call?.body as { bookContent?: string } | undefined)?.bookContent;

beforeEach(async () => {
  window.localStorage.clear();
  await clearDraft(userId, 'b1');
});

describe('the save status beside the title', () => {
  it('is a polite live region that starts at "All changes saved"', async () => {
    fakeServer();
    await openEditor();
    expect(status().getAttribute('role')).toBe('status');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('All changes saved');
  });

  it('says "Saving…" while a save is on its way, then "All changes saved"', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeServer();
    const fetchMock = globalThis.fetch as Mock;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') await gate;
      return real(input, init);
    });
    const editor = await openEditor();
    type(editor, ' More.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(status().textContent).toBe('Saving…');
    release();
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(patches(calls)).toHaveLength(1);
  });

  it('says "Offline: changes are kept on this device" when no answer comes, and keeps a draft', async () => {
    fakeServer();
    const editor = await openEditor();
    const fetchMock = globalThis.fetch as Mock;
    const real = fetchMock.getMockImplementation()!;
    let offline = true;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (offline && init?.method === 'PATCH') throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    type(editor, ' Written offline.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('Offline: changes are kept on this device'));
    await waitFor(async () => expect((await readDraft(userId, 'b1'))?.bookContent).toContain('Written offline.'));
    expect((await readDraft(userId, 'b1'))?.baseEtag).toBe('"e1"');
    // Back online: saved at once, and the draft goes.
    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    await waitFor(async () => expect(await readDraft(userId, 'b1')).toBeUndefined());
  });

  it('says "Not saved: retrying" on a server error, with a button to retry now', async () => {
    let failing = true;
    const { calls } = fakeServer({
      content: () => (failing ? { status: 503, body: { msg: 'Service temporarily unavailable' } } : undefined),
    });
    const editor = await openEditor();
    type(editor, ' More.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('Not saved: retrying'));
    failing = false;
    const tries = patches(calls).length;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(patches(calls).length).toBeGreaterThan(tries);
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});

describe('autosave in the page', () => {
  it('saves with no click after typing stops, with If-Match, and follows the ETag of each answer', async () => {
    const { calls } = fakeServer();
    const editor = await openEditor();
    type(editor, ' One.');
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    type(editor, ' Two.');
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls).map((c) => c.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    expect(patches(calls).every((c) => c.headers.get('X-Request-Id'))).toBe(true);
    // An autosave shows no toast; the status says it.
    expect(screen.queryByText('Book content updated successfully!')).toBeNull();
  });

  it('saves at once when the window loses focus or the tab is hidden', async () => {
    const { calls } = fakeServer();
    const editor = await openEditor();
    type(editor, ' Blur.');
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    type(editor, ' Hidden.');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(textOfCall(patches(calls)[1])).toContain('Hidden.');
  });

  it('sends the last changes with keepalive when the page is left', async () => {
    fakeServer();
    const editor = await openEditor();
    type(editor, ' Leaving.');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const fetchMock = globalThis.fetch as Mock;
    const sent = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    expect((sent?.[1] as RequestInit).keepalive).toBe(true);
  });
});

describe('what a save asks back', () => {
  it('a whole save asks for the version only; the page keeps the text it sent at the answered version', async () => {
    const { server, calls } = fakeServer();
    const editor = await openEditor();
    type(editor, ' Whole.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    const [whole] = patches(calls);
    expect(whole?.body).toEqual({ bookContent: JSON.stringify(editor.getJSON()) });
    expect(whole?.headers.get('Prefer')).toBe('return=minimal');
    expect(pageBook()).toEqual({
      ...server.book,
      bookContent: JSON.stringify(editor.getJSON()),
      etag: '"e2"',
      updatedAt: server.book.updatedAt,
    });
    // The next change goes whole again on the version the minimal answer named: the book service alone finds
    // the chapters that changed (decision 0044).
    type(editor, ' Then a part.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]?.body).toEqual({ bookContent: JSON.stringify(editor.getJSON()) });
    expect(patches(calls)[1]?.headers.get('If-Match')).toBe('"e2"');
    expect(patches(calls)[1]?.headers.get('Prefer')).toBe('return=minimal');
    await waitFor(() => expect(pageBook()?.etag).toBe('"e3"'));
    expect(pageBook()?.bookContent).toBe(server.book.bookContent);
  });

  it('works with a server that answers the whole book all the same', async () => {
    const { server, calls } = fakeServer({ ignoresPrefer: true });
    const editor = await openEditor();
    type(editor, ' One.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(pageBook()).toEqual(server.book);
    type(editor, ' Two.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(pageBook()?.etag).toBe('"e3"'));
    expect(patches(calls).map((c) => c.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    expect(pageBook()).toEqual(server.book);
    expect(server.book.bookContent).toContain('One. Two.');
  });
});

describe('with auto-save off in Preferences', () => {
  it('only Save and Ctrl+S save; the status says the changes are unsaved', async () => {
    savePreferences({ ...defaultPreferences, autoSave: false });
    const { calls } = fakeServer();
    const editor = await openEditor();
    type(editor, ' Kept for Save.');
    expect(status().textContent).toBe('Unsaved changes');
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(patches(calls)).toHaveLength(0);
    // The draft is still kept on the device.
    await waitFor(async () => expect((await readDraft(userId, 'b1'))?.bookContent).toContain('Kept for Save.'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(patches(calls)).toHaveLength(1);
    expect(await screen.findByText('Book content updated successfully!')).toBeTruthy();
  });
});

describe('a save refused with 412', () => {
  it('opens at the place where the texts differ, names its chapter, and steps to the next', async () => {
    const { server } = fakeServer();
    const editor = await openEditor();
    const chapters = (first: string, second: string) =>
      JSON.stringify({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter One' }] },
          { type: 'paragraph', content: [{ type: 'text', text: first }] },
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter Two' }] },
          { type: 'paragraph', content: [{ type: 'text', text: second }] },
        ],
      });
    act(() => editor.commands.setContent(JSON.parse(chapters('The rain began.', 'They left at dawn.')) as object));
    server.changeElsewhere({ bookContent: chapters('The snow began.', 'They left at dusk.') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'This book was changed in another tab or device' });
    const differences = within(dialog).getByTestId('conflict-differences');
    expect(differences.textContent).toContain('Difference 1 of 2 · Chapter One');
    expect(within(differences).getByText('snow', { selector: 'del' }).textContent).toContain('snow');
    expect(within(differences).getByText('rain', { selector: 'ins' }).textContent).toContain('rain');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(differences.textContent).toContain('Difference 2 of 2 · Chapter Two');
    expect(within(differences).getByTestId('conflict-passage').textContent).toContain('dawn');
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows both versions; Keep mine keeps the other as a named version, then saves mine on its ETag', async () => {
    const { server, calls } = fakeServer();
    const editor = await openEditor();
    const otherText = doc('It was a stormy night, said the other tab.');
    server.changeElsewhere({ bookContent: otherText, publisher: 'Other Press' });
    type(editor, ' Mine.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'This book was changed in another tab or device' });
    expect(within(dialog).getByTestId('conflict-mine').textContent).toContain('It was a quiet night. Mine.');
    expect(within(dialog).getByTestId('conflict-other').textContent).toContain('said the other tab');
    expect(status().textContent).toBe('Not saved: choose a version');

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    const revision = calls.find((c) => c.method === 'POST' && c.url === '/book/b1/revisions');
    expect(revision?.body).toEqual({
      name: expect.stringMatching(/^Kept from another tab, \d\d:\d\d$/),
      bookContent: otherText,
    });
    const last = patches(calls).at(-1);
    expect(last?.headers.get('If-Match')).toBe('"e2"');
    expect(textOfCall(last)).toContain('Mine.');
    expect(server.book.bookContent).toContain('Mine.');
    // The revision came before the save that replaced the other text.
    expect(calls.indexOf(revision!)).toBeLessThan(calls.indexOf(last!));
    // Mine at the answered version, with the details saved on the other side.
    await waitFor(() => expect(pageBook()).toEqual(server.book));
  });

  it('Use the other keeps mine as a named version and shows the other', async () => {
    const { server, calls } = fakeServer();
    const editor = await openEditor();
    server.changeElsewhere({ bookContent: doc('The other text.') });
    type(editor, ' Mine.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'This book was changed in another tab or device' });
    await user.click(within(dialog).getByRole('button', { name: 'Use the other' }));
    await waitFor(() => expect(editor.getText()).toBe('The other text.'));
    const revision = calls.find((c) => c.method === 'POST' && c.url === '/book/b1/revisions');
    expect((revision?.body as { bookContent: string }).bookContent).toContain('It was a quiet night. Mine.');
    expect((revision?.body as { name: string }).name).toMatch(/^Kept from another tab, \d\d:\d\d$/);
    expect(status().textContent).toBe('All changes saved');
    expect(patches(calls)).toHaveLength(1);
    // Typing on goes on from the other version.
    type(editor, ' Later.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]?.headers.get('If-Match')).toBe('"e2"');
  });

  it('keeps nothing apart when the revision cannot be saved: the choice stays open', async () => {
    const { server, calls } = fakeServer();
    const fetchMock = globalThis.fetch as Mock;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' && String(input).endsWith('/revisions')
        ? new Response(JSON.stringify({ msg: 'Down' }), { status: 503 })
        : real(input, init),
    );
    const editor = await openEditor();
    server.changeElsewhere({ bookContent: doc('The other text.') });
    type(editor, ' Mine.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'This book was changed in another tab or device' });
    await user.click(within(dialog).getByRole('button', { name: 'Use the other' }));
    expect(await screen.findByText('Could not keep both versions. Please try again.')).toBeTruthy();
    expect(editor.getText()).toContain('Mine.');
    expect(patches(calls)).toHaveLength(1);
  });

  it('needs no choice when both texts are the same', async () => {
    const { server, calls } = fakeServer();
    const editor = await openEditor();
    type(editor, ' Same.');
    server.changeElsewhere({ bookContent: JSON.stringify(editor.getJSON()) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('needs no choice when only the details changed elsewhere: saves again on the new version', async () => {
    const { server, calls } = fakeServer();
    const editor = await openEditor();
    server.changeElsewhere({ publisher: 'Another Press' });
    type(editor, ' Mine.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status().textContent).toBe('All changes saved'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(calls).map((c) => c.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    expect(server.book.bookContent).toContain('Mine.');
    // The save on the new version was answered with that version only: the page has the new details too.
    await waitFor(() => expect(pageBook()).toEqual(server.book));
  });
});

describe('local drafts after a crash, a reload or offline work', () => {
  it('saves a draft at once when the server is still at its version', async () => {
    const { server, calls } = fakeServer();
    await writeDraft(userId, 'b1', { bookContent: doc('Typed before the crash.'), baseEtag: '"e1"', savedAt: '' });
    const editor = await openEditor();
    await waitFor(() => expect(editor.getText()).toBe('Typed before the crash.'));
    await waitFor(() => expect(server.book.bookContent).toContain('Typed before the crash.'));
    expect(patches(calls)[0]?.headers.get('If-Match')).toBe('"e1"');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => expect(await readDraft(userId, 'b1')).toBeUndefined());
  });

  it('asks, showing both, when the server changed since', async () => {
    const { server } = fakeServer();
    server.changeElsewhere({ bookContent: doc('Changed on another device.') });
    await writeDraft(userId, 'b1', { bookContent: doc('Typed offline here.'), baseEtag: '"e1"', savedAt: '' });
    await openEditor();
    const dialog = await screen.findByRole('dialog', { name: 'This book was changed in another tab or device' });
    expect(within(dialog).getByTestId('conflict-mine').textContent).toBe('Typed offline here.');
    expect(within(dialog).getByTestId('conflict-other').textContent).toBe('Changed on another device.');
  });

  it('forgets a draft that is the same as the server text', async () => {
    const { server, calls } = fakeServer();
    await writeDraft(userId, 'b1', { bookContent: server.book.bookContent!, baseEtag: '"e0"', savedAt: '' });
    await openEditor();
    await waitFor(async () => expect(await readDraft(userId, 'b1')).toBeUndefined());
    expect(patches(calls)).toHaveLength(0);
  });

  it('are cleared for the author who signs out', async () => {
    fakeServer();
    await writeDraft(userId, 'b1', { bookContent: doc('Private.'), baseEtag: '"e0"', savedAt: '' });
    await writeDraft('someone-else', 'b1', { bookContent: doc('Theirs.'), baseEtag: null, savedAt: '' });
    // Signing out happens from inside the app, where the author is known.
    const { router } = renderApp('/app/edit/b1');
    await screen.findByRole('textbox', { name: 'Manuscript' });
    await act(() => router.navigate('/logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await readDraft(userId, 'b1')).toBeUndefined();
    expect(await readDraft('someone-else', 'b1')).toBeDefined();
  });
});

describe('metadata saves', () => {
  async function saveMetadata(user: ReturnType<typeof userEvent.setup>, publisher: string) {
    const toggle = screen.queryByRole('button', { name: 'Show book details' });
    if (toggle) await user.click(toggle);
    await user.click(screen.getByRole('tab', { name: 'Metadata' }));
    const form = screen.getByRole('form', { name: 'Book metadata' });
    await user.clear(within(form).getByLabelText('Publisher'));
    await user.type(within(form).getByLabelText('Publisher'), publisher);
    await user.type(within(form).getByLabelText('Author', { exact: false }), 'Ada');
    const identifier = within(form).getByLabelText('Identifier (UUID/ISBN)', { exact: false }) as HTMLInputElement;
    if (!identifier.value) await user.click(within(form).getByRole('button', { name: 'Generate a UUID' }));
    await user.click(within(form).getByRole('button', { name: 'Save metadata' }));
  }
  const metadataPatches = (calls: FakeCall[]) =>
    calls.filter((c) => c.method === 'PATCH' && c.url === '/book/metadata/b1');

  it('send If-Match; a manuscript change elsewhere is no conflict of the details', async () => {
    const { server, calls } = fakeServer();
    await openEditor();
    server.changeElsewhere({ bookContent: doc('The writer wrote on.') });
    const user = userEvent.setup();
    await saveMetadata(user, 'Quiet Press');
    await waitFor(() => expect(server.book.publisher).toBe('Quiet Press'));
    expect(metadataPatches(calls).map((c) => c.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    // No conflict to choose in (the side panel itself is a sheet, a dialog, at this width).
    expect(screen.queryByRole('dialog', { name: /changed in another tab/ })).toBeNull();
  });

  it('on details changed elsewhere too, shows both; Keep mine saves them on the current version', async () => {
    const { server, calls } = fakeServer();
    await openEditor();
    server.changeElsewhere({ publisher: 'Loud Press' });
    const user = userEvent.setup();
    await saveMetadata(user, 'Quiet Press');
    const dialog = await screen.findByRole('dialog', {
      name: 'The book details were changed in another tab or device',
    });
    expect(within(dialog).getByTestId('conflict-mine').textContent).toContain('Publisher: Quiet Press');
    expect(within(dialog).getByTestId('conflict-other').textContent).toContain('Publisher: Loud Press');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(server.book.publisher).toBe('Quiet Press'));
    expect(metadataPatches(calls).at(-1)?.headers.get('If-Match')).toBe('"e2"');
  });
});
