import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, resetAfterEach, sampleUser } from '../../test/utils';

resetAfterEach();

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Love Lace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'a long password');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('sign up', () => {
  it('creates the account with the derived userName, then goes to /choose-plan', async () => {
    const calls = mockFetch({ 'POST /auth/sign-up': () => ({ status: 201, body: { msg: 'ok', user: sampleUser } }) });
    const { router } = renderApp('/signup');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-plan'));
    expect(calls.find((c) => c.url === '/auth/sign-up')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Love Lace',
      email: 'ada@example.com',
      password: 'a long password',
      userName: 'adalovelace',
    });
  });

  it("shows the server's msg in the red box", async () => {
    mockFetch({
      'POST /auth/sign-up': () => ({ status: 409, body: { msg: 'An account with this email already exists' } }),
    });
    renderApp('/signup');
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
  });

  it('starts checkout directly when a plan was passed', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = mockFetch({
      'POST /auth/sign-up': () => ({ status: 201, body: { msg: 'ok', user: sampleUser } }),
      'POST /payment': () => ({ status: 200, body: { data: { url: 'https://checkout.example/s/2' } } }),
    });
    renderApp('/signup?plan=professional');
    await fillAndSubmit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/2'));
    expect(calls.find((c) => c.url === '/payment')?.body).toEqual({ accountType: 'professional', currency: 'eur' });
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeTruthy();
  });

  it("starts checkout directly for the landing page's ?accountType= links too", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = mockFetch({
      'POST /auth/sign-up': () => ({ status: 201, body: { msg: 'ok', user: sampleUser } }),
      'POST /payment': () => ({ status: 200, body: { data: { url: 'https://checkout.example/s/3' } } }),
    });
    renderApp('/signup?accountType=starter');
    await fillAndSubmit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/3'));
    expect(calls.find((c) => c.url === '/payment')?.body).toEqual({ accountType: 'starter', currency: 'eur' });
  });

  it('carries accountType to the identity-provider button', async () => {
    mockFetch({ 'GET /auth/providers': () => ({ status: 200, body: { data: { oidc: { name: 'Acme ID' } } } }) });
    renderApp('/signup?accountType=starter');
    const link = await screen.findByRole('link', { name: 'Continue with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/login?accountType=starter');
  });
});
