import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { makeBook, starterUser } from '../../test/books';
import { renderApp, resetAfterEach } from '../../test/utils';
import { file, json, stubFetch, stubFiles } from './testing';

resetAfterEach();

let files: ReturnType<typeof stubFiles>;
beforeEach(() => {
  files = stubFiles();
});
afterEach(() => files.restore());

describe('the dialogs in the editor header', () => {
  it('Generate Cover → Use This Cover shows the cover with its check; Export opens the export dialog', async () => {
    const storedUrl = '/api/v1/book/b1/cover-image/c7/web';
    let book: Book = makeBook({ status: 'ready' });
    stubFetch({
      'GET /user/current-user': () => json(200, starterUser),
      'GET /book': () => json(200, [book]),
      'GET /book/b1': () => json(200, book),
      'POST /book/cover/b1': () => file('png', { 'Content-Type': 'image/png', 'x-image-url': storedUrl }),
      'PATCH /book/b1': (call) => {
        book = { ...book, ...(call.body as Partial<Book>) };
        return json(200, book);
      },
    });
    renderApp('/app/edit/b1');
    const user = userEvent.setup();
    const header = (await screen.findByRole('heading', { level: 1, name: 'The Keeper of Letters' })).closest('header')!;
    expect(within(header).queryByText('Cover added')).toBeNull();

    await user.click(within(header).getByRole('button', { name: 'Generate Cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Cover' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate with AI' }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate Cover' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Use This Cover' }));
    await waitFor(() => expect(within(header).getByText('Cover added')).toBeTruthy());
    expect(header.querySelector('img')?.getAttribute('src')).toBe(storedUrl);
    expect(within(header).getByRole('button', { name: 'Change Cover' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(header).getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Export Your Book' })).toBeTruthy();
  });

  it('the side panel shows the metadata the export dialog saved', async () => {
    let book: Book = makeBook({ status: 'ready' });
    stubFetch({
      'GET /user/current-user': () => json(200, starterUser),
      'GET /book': () => json(200, [book]),
      'GET /book/b1': () => json(200, book),
      'POST /book/export/b1': () => file('PK'),
      'PATCH /book/metadata/b1': (call) => {
        book = { ...book, ...(call.body as Partial<Book>) };
        return json(200, book);
      },
    });
    renderApp('/app/edit/b1');
    const user = userEvent.setup();
    const header = (await screen.findByRole('heading', { level: 1, name: 'The Keeper of Letters' })).closest('header')!;
    await user.click(within(header).getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Your Book' });
    await user.click(within(dialog).getByRole('button', { name: 'EPUB' }));
    // The account's name is prefilled (issue 47); the author writes under another name.
    await user.clear(within(dialog).getByLabelText('Author'));
    await user.type(within(dialog).getByLabelText('Author'), 'Mary Shelley');
    await user.type(within(dialog).getByLabelText('Identifier (UUID/ISBN)'), 'urn:isbn:1');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'es');
    await user.click(within(dialog).getByRole('button', { name: 'Export EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    // The side panel is closed at this (jsdom) width: its form is there, hidden.
    const panel = screen.getByRole('form', { name: 'Book metadata', hidden: true });
    await waitFor(() =>
      expect((within(panel).getByLabelText('Author') as HTMLInputElement).value).toBe('Mary Shelley'),
    );
    expect((within(panel).getByLabelText('Language') as HTMLSelectElement).value).toBe('es');
  });
});

/**
 * One book with conditional saves (issue 19): every answer carries its `etag`, and a PATCH whose If-Match is
 * not the current one answers 412 and stores nothing.
 */
function versionedServer() {
  let count = 1;
  const server = {
    book: { ...makeBook({ status: 'ready' }), etag: '"e1"' } as Book & { etag: string },
    changeElsewhere(change: Partial<Book>) {
      server.book = { ...server.book, ...change, etag: `"e${++count}"` };
    },
  };
  const calls = stubFetch({
    'GET /user/current-user': () => json(200, starterUser),
    'GET /book': () => json(200, [server.book]),
    'GET /book/b1': () => json(200, server.book),
    'POST /book/export/b1': () => file('PK'),
    'PATCH /book/metadata/b1': (call) => {
      const ifMatch = call.headers.get('If-Match');
      if (ifMatch !== null && ifMatch !== server.book.etag) {
        return json(412, { msg: 'This book was changed in another tab or device', etag: server.book.etag });
      }
      server.changeElsewhere(call.body as Partial<Book>);
      return json(200, server.book);
    },
  });
  const metadataPatches = () => calls.filter((c) => c.method === 'PATCH' && c.url === '/book/metadata/b1');
  return { server, calls, metadataPatches };
}

/** Opens the editor, completes the missing details in the export dialog and exports; `meanwhile` runs before. */
async function completeAndExport(meanwhile: () => void = () => {}) {
  renderApp('/app/edit/b1');
  const user = userEvent.setup();
  const header = (await screen.findByRole('heading', { level: 1, name: 'The Keeper of Letters' })).closest('header')!;
  await user.click(within(header).getByRole('button', { name: 'Export' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export Your Book' });
  await user.click(within(dialog).getByRole('button', { name: 'EPUB' }));
  // Author starts as the account's name (issue 47): only the identifier is left to give.
  expect(within(dialog).getByLabelText<HTMLInputElement>('Author').value).toBe('Ada Lovelace');
  await user.type(within(dialog).getByLabelText('Identifier (UUID/ISBN)'), 'urn:isbn:1');
  meanwhile();
  await user.click(within(dialog).getByRole('button', { name: 'Export EPUB' }));
  return user;
}

describe("the export dialog's metadata save in the editor", () => {
  it('sends If-Match on the editor’s version chain', async () => {
    const { server, metadataPatches } = versionedServer();
    await completeAndExport();
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(metadataPatches().map((c) => c.headers.get('If-Match'))).toEqual(['"e1"']);
    expect(server.book.author).toBe('Ada Lovelace');
  });

  it('a stale save is a 412 settled as the side panel does: both shown, Keep mine saves on the current version', async () => {
    const { server, metadataPatches } = versionedServer();
    // Another tab saves other details meanwhile.
    const user = await completeAndExport(() => server.changeElsewhere({ publisher: 'Loud Press' }));
    const conflict = await screen.findByRole('dialog', {
      name: 'The book details were changed in another tab or device',
    });
    expect(within(conflict).getByTestId('conflict-mine').textContent).toContain('Author: Ada Lovelace');
    expect(within(conflict).getByTestId('conflict-other').textContent).toContain('Publisher: Loud Press');
    // Nothing was overwritten before the author chose.
    expect(server.book.author).not.toBe('Ada Lovelace');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(metadataPatches().map((c) => c.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    expect(server.book.author).toBe('Ada Lovelace');
  });

  it('a conflict left undecided stores nothing and exports nothing', async () => {
    const { server, calls } = versionedServer();
    const user = await completeAndExport(() => server.changeElsewhere({ publisher: 'Loud Press' }));
    await screen.findByRole('dialog', { name: 'The book details were changed in another tab or device' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Error saving metadata. Please try again.')).toBeTruthy();
    expect(server.book.author).not.toBe('Ada Lovelace');
    expect(calls.some((c) => c.url === '/book/export/b1')).toBe(false);
  });
});
