import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

describe('forgot password', () => {
  it.each([
    ['empty', ''],
    ['without an at sign', 'ada.example.com'],
    ['only blanks', '   '],
  ])('rejects an email that is %s', async (_, email) => {
    const calls = mockFetch({});
    renderApp('/forgot-password');
    const user = userEvent.setup();
    if (email) await user.type(await screen.findByLabelText('Email'), email);
    await user.click(await screen.findByRole('button', { name: 'Send Recovery Link' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(calls.filter((c) => c.url === '/user/forgot-password')).toHaveLength(0);
  });

  it('sends the link, then says so and disables the button', async () => {
    const calls = mockFetch({
      'GET /health': () => ({ status: 200, body: { status: 'ok' } }),
      'POST /user/forgot-password': () => ({ status: 200, body: { msg: 'ok' } }),
    });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Recovery Link' }));

    expect(await screen.findByText("Check your inbox! We've sent you a link to reset your password.")).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Link Sent!' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(calls.find((c) => c.url === '/user/forgot-password')?.body).toEqual({ email: 'ada@example.com' });
  });

  it("shows the server's msg in a toast when sending fails, else the spec's text", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 429,
      body: { msg: 'Too many requests. Please wait a few minutes before trying again' },
    };
    mockFetch({ 'POST /user/forgot-password': () => answer });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Recovery Link' }));
    expect(await screen.findByText('Too many requests. Please wait a few minutes before trying again')).toBeTruthy();

    answer = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Send Recovery Link' }));
    expect(await screen.findByText('Failed to send password reset link. Please try again.')).toBeTruthy();
  });
});
