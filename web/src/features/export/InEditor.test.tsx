import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookwright/contracts';
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
    await user.type(within(dialog).getByLabelText('Author'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Identifier (UUID/ISBN)'), 'urn:isbn:1');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'es');
    await user.click(within(dialog).getByRole('button', { name: 'Export EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    // The side panel is closed at this (jsdom) width: its form is there, hidden.
    const panel = screen.getByRole('form', { name: 'Book metadata', hidden: true });
    await waitFor(() =>
      expect((within(panel).getByLabelText('Author') as HTMLInputElement).value).toBe('Ada Lovelace'),
    );
    expect((within(panel).getByLabelText('Language') as HTMLSelectElement).value).toBe('es');
  });
});
