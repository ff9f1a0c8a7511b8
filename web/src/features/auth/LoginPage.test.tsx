import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityProviderErrors } from '@bookwright/contracts/http';
import { mockFetch, renderApp, resetAfterEach, sampleUser } from '../../test/utils';

resetAfterEach();

async function signIn(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login', () => {
  it("shows the server's msg in the red box when login fails", async () => {
    mockFetch({ 'POST /auth/login': () => ({ status: 401, body: { msg: 'Invalid email or password' } }) });
    renderApp('/login');
    await signIn('wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(alert.className).toContain('bg-red-50');
  });

  it("reads 'Signing in...' while the call runs, then goes to /app", async () => {
    let release!: () => void;
    const calls = mockFetch({
      'POST /auth/login': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { msg: 'ok', user: sampleUser } });
        }),
      'GET /user/current-user': () => ({ status: 200, body: sampleUser }),
    });
    document.cookie = 'XSRF-TOKEN=tok%2Fen; path=/';
    const { router } = renderApp('/login');
    await signIn('correct horse');

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const login = calls.find((c) => c.url === '/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('tok/en');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });

  it("offers 'Continue with …' only when the gateway names an identity provider", async () => {
    mockFetch({ 'GET /auth/providers': () => ({ status: 200, body: { data: { oidc: { name: 'Acme ID' } } } }) });
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Continue with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/login');
  });

  it('hides the identity-provider button when none is configured', async () => {
    const calls = mockFetch({ 'GET /auth/providers': () => ({ status: 200, body: { data: { oidc: null } } }) });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(calls.some((c) => c.url === '/auth/providers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('explains a failed identity-provider sign-in in the red box', async () => {
    mockFetch({});
    renderApp('/login?error=oidc_unverified_email');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(identityProviderErrors.oidc_unverified_email);
  });

  it('ignores an error code it does not know', async () => {
    mockFetch({});
    renderApp('/login?error=%3Cscript%3E');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
