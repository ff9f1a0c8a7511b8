import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { metadataLanguages, planMessages } from '@bookwright/contracts/http';
import { makeBook, starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { checkPlan, emptyPlanForm } from './planForm';

resetAfterEach();

const promptLabel = 'What will your next book be about?';

function home(plan: () => { status: number; body?: unknown } = () => ({ status: 201, body: makeBook() })) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [] }),
    'POST /agent/plan': plan,
  });
  renderApp('/app');
  return calls;
}

const submit = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('button', { name: 'Create Book' }));

function expectHighlighted(label: string, message: string) {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(field);
  expect(screen.getByText(message)).toBeTruthy();
  // Only the first failing field is reported.
  expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
}

describe('creating a book', () => {
  it('shows the form only once the prompt has text', async () => {
    home();
    const user = userEvent.setup();
    const prompt = await screen.findByLabelText(promptLabel);
    expect(screen.queryByLabelText('Title')).toBeNull();
    await user.type(prompt, 'A');
    expect(screen.getByLabelText('Title')).toBeTruthy();
    expect(screen.getAllByRole('option', { name: /./ }).length).toBeGreaterThan(49); // 23 + 26 + placeholders
    await user.clear(prompt);
    expect(screen.queryByLabelText('Title')).toBeNull();
  });

  it('validates in the spec order, highlighting the first failing field, then plans the book', async () => {
    const calls = home();
    const user = userEvent.setup();
    const prompt = await screen.findByLabelText(promptLabel);

    await user.type(prompt, '   ');
    await submit(user);
    expectHighlighted(promptLabel, planMessages.prompt);

    await user.type(prompt, 'A lighthouse keeper finds letters.');
    await submit(user);
    expectHighlighted('Title', planMessages.title);

    await user.type(screen.getByLabelText('Title'), 'The Keeper of Letters');
    await submit(user);
    expectHighlighted('Language', planMessages.language);
    // One naming of the languages everywhere (issue 47): the metadata's list, in the same order.
    const names = [...screen.getByLabelText<HTMLSelectElement>('Language').options].slice(1).map((o) => o.textContent);
    expect(names).toEqual(metadataLanguages.map((l) => l.label));

    await user.selectOptions(screen.getByLabelText('Language'), 'english');
    await submit(user);
    expectHighlighted('Target audience', planMessages.targetAudience);

    await user.type(screen.getByLabelText('Target audience'), 'Adults');
    await submit(user);
    expectHighlighted('Genre', planMessages.genre);
    expect(calls.filter((c) => c.url === '/agent/plan')).toHaveLength(0);

    // Standard is chosen from the start; Long is shown but cannot be chosen.
    expect((screen.getByRole('radio', { name: /Standard/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Long/ }) as HTMLInputElement).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Genre'), 'mystery');
    await submit(user);
    expect(await screen.findByText(planMessages.started)).toBeTruthy();
    expect(calls.find((c) => c.url === '/agent/plan')?.body).toEqual({
      prompt: '   A lighthouse keeper finds letters.'.trim(),
      title: 'The Keeper of Letters',
      language: 'english',
      targetAudience: 'Adults',
      genre: 'mystery',
      size: 'short',
    });
    // Cleared and closed.
    await waitFor(() => expect(screen.queryByLabelText('Title')).toBeNull());
    expect((screen.getByLabelText(promptLabel) as HTMLTextAreaElement).value).toBe('');
    await user.type(screen.getByLabelText(promptLabel), 'Another idea');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('radio', { name: /Standard/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('checks size last: a missing size and a long book are refused with their messages', () => {
    const valid = {
      ...emptyPlanForm,
      prompt: 'Idea',
      title: 'T',
      language: 'english',
      targetAudience: 'A',
      genre: 'mystery',
    };
    expect(checkPlan({ ...valid, size: '' })).toEqual({ ok: false, field: 'size', message: planMessages.size });
    expect(checkPlan({ ...valid, size: 'long' })).toEqual({
      ok: false,
      field: 'size',
      message: planMessages.longComingSoon,
    });
    expect(checkPlan({ ...valid, title: '', genre: '' })).toMatchObject({ field: 'title' });
    expect(checkPlan(valid)).toMatchObject({ ok: true });
  });

  async function fillAndSubmit() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(promptLabel), 'An idea');
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.selectOptions(screen.getByLabelText('Language'), 'french');
    await user.type(screen.getByLabelText('Target audience'), 'Everyone');
    await user.selectOptions(screen.getByLabelText('Genre'), 'cooking');
    await submit(user);
  }

  it('says when the monthly limit is reached (403) and keeps the form', async () => {
    home(() => ({ status: 403, body: { msg: 'You have no books left this month' } }));
    await fillAndSubmit();
    expect(await screen.findByText(planMessages.limitReached)).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('T');
  });

  it('reports any other failure with the generic toast', async () => {
    home(() => ({ status: 500, body: { msg: 'Boom' } }));
    await fillAndSubmit();
    expect(await screen.findByText('Failed to create book. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('sends one X-Request-Id per create action: the same on every retry until it succeeds, a new one after', async () => {
    const answers = [
      { status: 503, body: { msg: 'The service is temporarily unavailable' } },
      { status: 0 },
      { status: 201, body: makeBook() },
      { status: 201, body: makeBook() },
    ];
    const calls = home(() => {
      const answer = answers.shift()!;
      if (answer.status === 0) throw new TypeError('Failed to fetch');
      return answer;
    });
    await fillAndSubmit();
    expect(await screen.findByText('Failed to create book. Please try again.')).toBeTruthy();
    const user = userEvent.setup();
    await submit(user); // the network drops
    await waitFor(() => expect(calls.filter((c) => c.url === '/agent/plan')).toHaveLength(2));
    await submit(user); // succeeds
    expect(await screen.findByText(planMessages.started)).toBeTruthy();
    // The next book is a new action.
    await user.type(screen.getByLabelText(promptLabel), 'Second idea');
    await user.type(screen.getByLabelText('Title'), 'U');
    await user.selectOptions(screen.getByLabelText('Language'), 'french');
    await user.type(screen.getByLabelText('Target audience'), 'Everyone');
    await user.selectOptions(screen.getByLabelText('Genre'), 'cooking');
    await submit(user);
    await waitFor(() => expect(calls.filter((c) => c.url === '/agent/plan')).toHaveLength(4));
    const ids = calls.filter((c) => c.url === '/agent/plan').map((c) => c.headers.get('X-Request-Id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.slice(0, 3)).toEqual([ids[0], ids[0], ids[0]]);
    expect(ids[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[3]).not.toBe(ids[0]);
  });

  it('starts a new action after a refusal (4xx): the server did nothing', async () => {
    const calls = home(() => ({ status: 403, body: { msg: 'You have no books left this month' } }));
    await fillAndSubmit();
    expect(await screen.findByText(planMessages.limitReached)).toBeTruthy();
    await submit(userEvent.setup());
    await waitFor(() => expect(calls.filter((c) => c.url === '/agent/plan')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.url === '/agent/plan').map((c) => c.headers.get('X-Request-Id'));
    expect(second).not.toBe(first);
  });
});
