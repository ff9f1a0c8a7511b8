import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

async function submit(newPassword: string, confirmPassword: string) {
  const user = userEvent.setup();
  if (newPassword) await user.type(await screen.findByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(await screen.findByLabelText('Confirm Password'), confirmPassword);
  await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
}

describe('reset password', () => {
  it.each([
    ['both empty', '', ''],
    ['confirmation empty', 'a long password', ''],
    ['new password empty', '', 'a long password'],
  ])('asks for every field when %s', async (_, a, b) => {
    const calls = mockFetch({});
    renderApp('/reset-password/tok123');
    await submit(a, b);
    expect((await screen.findByRole('alert')).textContent).toBe('Please complete all the fields');
    expect(calls).toHaveLength(0);
  });

  it('rejects different passwords', async () => {
    const calls = mockFetch({});
    renderApp('/reset-password/tok123');
    await submit('a long password', 'another password');
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it('resets with the token from the path, then goes to /login after 2 seconds', async () => {
    const calls = mockFetch({
      'POST /user/reset-password': () => ({ status: 200, body: { msg: 'Password reset successfully!' } }),
    });
    const { router } = renderApp('/reset-password/tok123');
    await submit('a long password', 'a long password');

    expect(await screen.findByText('Password reset successfully! Redirecting you to login...')).toBeTruthy();
    expect(calls.find((c) => c.url === '/user/reset-password')?.body).toEqual({
      token: 'tok123',
      newPassword: 'a long password',
    });
    const shownAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });

  it("shows the server's msg when the reset fails", async () => {
    mockFetch({
      'POST /user/reset-password': () => ({
        status: 400,
        body: { msg: 'This reset link has expired. Please request a new one.' },
      }),
    });
    renderApp('/reset-password/old');
    await submit('a long password', 'a long password');
    expect(await screen.findByText('This reset link has expired. Please request a new one.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
