import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages } from '@bookwright/contracts/bus';
import { translationMessages, type Book } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

const original = makeBook({ _id: 'r', title: 'Finished', status: 'ready', language: 'english' });
const translation = makeBook({
  _id: 't',
  title: 'Finished',
  status: 'translating',
  language: 'polish',
  progress: { chaptersWritten: 2, chaptersTotal: 12 },
  translation: { sourceBookId: 'r', sourceTitle: 'Finished', sourceLanguage: 'english' },
});

type Answer = { status: number; body?: unknown };

function openHome(
  books: Book[],
  translate: () => Answer,
  translationsLeftThisMonth: number | null = 5,
  suggestTitle?: (language: string) => Answer | Promise<Answer>,
) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: { ...starterUser, translationsLeftThisMonth } }),
    'GET /book': () => ({ status: 200, body: books.map(summary) }),
    'POST /book/r/translate': translate,
    ...(suggestTitle
      ? { 'POST /book/r/translation-title': (call) => suggestTitle((call.body as { language: string }).language) }
      : {}),
  });
  return { calls, ...renderApp('/app') };
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="library-book"][data-book-id="${id}"]`)!;

describe('translating from the library', () => {
  it("offers every language but the book's own from the card's menu and starts the translation", async () => {
    const user = userEvent.setup();
    const { calls } = openHome([original], () => ({ status: 202, body: { data: { bookId: 't' } } }));
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // The placeholder, then every language but the book's own.
    expect(options).toHaveLength(23);
    expect(options[0]).toBe('Choose a language…');
    expect(options).not.toContain('English');
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'polish');
    await user.click(
      within(dialog).getByRole('button', { name: 'Translate into Polish: uses 1 of 5 translations left this month' }),
    );
    await screen.findByText(translationMessages.started);
    const post = calls.find((c) => c.method === 'POST' && c.url === '/book/r/translate');
    // The suggested title travels with the language: the original's, with the new language named.
    expect(post?.body).toEqual({ language: 'polish', title: 'Finished (Polski)' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('suggests a title in the chosen language, which the author can change before it starts', async () => {
    const user = userEvent.setup();
    const { calls } = openHome([original], () => ({ status: 202, body: { data: { bookId: 't' } } }));
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    expect(within(dialog).queryByLabelText('Title of the translation')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'german');
    const title = within(dialog).getByLabelText<HTMLInputElement>('Title of the translation');
    expect(title.value).toBe('Finished (Deutsch)');
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'french');
    expect(title.value).toBe('Finished (Français)');
    // An empty title cannot start a translation.
    await user.clear(title);
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: /^Translate into French/ });
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    await user.type(title, '  Terminé  ');
    await user.click(submit);
    await screen.findByText(translationMessages.started);
    const post = calls.find((c) => c.method === 'POST' && c.url === '/book/r/translate');
    expect(post?.body).toEqual({ language: 'french', title: 'Terminé' });
  });

  it("shows the suggestion at once and the AI model's title when it comes, busy meanwhile", async () => {
    const user = userEvent.setup();
    const answers = new Map<string, (answer: Answer) => void>();
    const { calls } = openHome(
      [original],
      () => ({ status: 202, body: { data: { bookId: 't' } } }),
      5,
      (language) => new Promise<Answer>((resolve) => answers.set(language, resolve)),
    );
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'german');
    const title = within(dialog).getByLabelText<HTMLInputElement>('Title of the translation');
    expect(title.value).toBe('Finished (Deutsch)');
    await waitFor(() => expect(answers.has('german')).toBe(true));
    expect(title.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('status').textContent).toBe('Looking for a title in this language…');
    answers.get('german')!({ status: 200, body: { data: { title: 'Abgeschlossen', source: 'model' } } });
    await waitFor(() => expect(title.value).toBe('Abgeschlossen'));
    expect(title.getAttribute('aria-busy')).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Suggested by the AI model in the new language; change it as you like before the translation starts.',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Translate into German: uses 1 of 5 translations left this month' }),
    );
    await screen.findByText(translationMessages.started);
    expect(calls.find((c) => c.url === '/book/r/translation-title')?.body).toEqual({ language: 'german' });
    expect(calls.find((c) => c.url === '/book/r/translate')?.body).toEqual({
      language: 'german',
      title: 'Abgeschlossen',
    });
  });

  it("never overwrites the author's own title with a suggestion that comes later", async () => {
    const user = userEvent.setup();
    const answers = new Map<string, (answer: Answer) => void>();
    openHome(
      [original],
      () => ({ status: 202, body: { data: { bookId: 't' } } }),
      5,
      (language) => new Promise<Answer>((resolve) => answers.set(language, resolve)),
    );
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'french');
    await waitFor(() => expect(answers.has('french')).toBe(true));
    const title = within(dialog).getByLabelText<HTMLInputElement>('Title of the translation');
    await user.clear(title);
    await user.type(title, 'Terminé');
    expect(title.getAttribute('aria-busy')).toBeNull();
    answers.get('french')!({ status: 200, body: { data: { title: 'Achevé', source: 'model' } } });
    // Give the late answer every chance to land before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(title.value).toBe('Terminé');
  });

  it('keeps the suggestion when the server cannot suggest one', async () => {
    const user = userEvent.setup();
    const { calls } = openHome(
      [original],
      () => ({ status: 202, body: { data: { bookId: 't' } } }),
      5,
      () => ({
        status: 429,
        body: { msg: 'Too many requests' },
      }),
    );
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'italian');
    await waitFor(() => expect(calls.some((c) => c.url === '/book/r/translation-title')).toBe(true));
    const title = within(dialog).getByLabelText<HTMLInputElement>('Title of the translation');
    await waitFor(() => expect(title.getAttribute('aria-busy')).toBeNull());
    expect(title.value).toBe('Finished (Italiano)');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'A suggestion in the new language; change it as you like before the translation starts.',
    );
  });

  it('preselects no language: the button stays disabled until one is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = openHome([original], () => ({ status: 202, body: { data: { bookId: 't' } } }));
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Translate into');
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('Choose a language…');
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start translation' });
    expect(submit.disabled).toBe(true);
    await user.click(submit);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.selectOptions(select, 'french');
    const into = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Translate into French: uses 1 of 5 translations left this month',
    });
    expect(into.disabled).toBe(false);
  });

  it.each([
    [null, 'Translate into French'],
    [1, 'Translate into French: uses 1 of 1 translation left this month'],
    [0, 'Translate into French: no translations left this month'],
  ])('with %s translations left the button says %s', async (left, name) => {
    const user = userEvent.setup();
    openHome([original], () => ({ status: 500, body: {} }), left);
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'french');
    expect(within(dialog).getByRole('button', { name })).toBeTruthy();
  });

  it('shows the server’s 403 text and keeps the dialog open', async () => {
    const user = userEvent.setup();
    openHome([original], () => ({ status: 403, body: { msg: allowanceExhaustedMessages.translation } }), 0);
    await screen.findAllByTestId('library-book');
    await user.click(within(card('r')).getByRole('button', { name: 'Book actions: Finished' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate this book' });
    await user.selectOptions(within(dialog).getByLabelText('Translate into'), 'french');
    await user.click(
      within(dialog).getByRole('button', { name: 'Translate into French: no translations left this month' }),
    );
    await screen.findByText(allowanceExhaustedMessages.translation);
    expect(screen.getByRole('dialog', { name: 'Translate this book' })).toBeTruthy();
  });

  it('shows a translation in progress with its link to the original and nothing to translate', async () => {
    openHome([translation, original], () => ({ status: 500, body: {} }));
    await screen.findAllByTestId('library-book');
    expect(within(card('t')).getByTestId('translated-from').textContent).toBe('Translated from Finished');
    expect(within(card('t')).getByText('Translating')).toBeTruthy();
    expect(within(card('t')).getByText('Translating chapter 3 of 12')).toBeTruthy();
    expect(within(card('r')).queryByTestId('translated-from')).toBeNull();
    // Its menu only shares it and moves it to the trash (issues 19 and 43): every status has those.
    await userEvent.setup().click(within(card('t')).getByRole('button', { name: /Book actions/ }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Share',
      'Move to trash',
    ]);
  });
});
