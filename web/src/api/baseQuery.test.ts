import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { mockFetch, resetAfterEach } from '../test/utils';

resetAfterEach();

describe('API client', () => {
  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN on mutations, with credentials', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    const calls = mockFetch({ 'POST /user/forgot-password': () => ({ status: 200, body: { msg: 'ok' } }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' })).unwrap();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc==');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
  });

  it('fetches the cookie with a GET of /health first when the browser has none', async () => {
    const calls = mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return { status: 200, body: { status: 'ok' } };
      },
      'POST /user/forgot-password': () => ({ status: 200, body: { msg: 'ok' } }),
    });
    await makeStore()
      .dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }))
      .unwrap();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /health', 'POST /user/forgot-password']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('sends no CSRF header on GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = mockFetch({
      'GET /user/current-user': () => ({
        status: 401,
        body: { msg: 'You need to be logged in to access this content' },
      }),
    });
    const result = await makeStore().dispatch(authApi.endpoints.currentUser.initiate());
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(result.error).toEqual({ status: 401, msg: 'You need to be logged in to access this content' });
  });

  it('retries once with a fresh cookie when the gateway rejects a stale token', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    let attempts = 0;
    const calls = mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=rotated; path=/';
        return { status: 200 };
      },
      'POST /user/forgot-password': ({ headers }) => {
        attempts += 1;
        return headers.get('X-XSRF-TOKEN') === 'rotated'
          ? { status: 200, body: { msg: 'ok' } }
          : { status: 403, body: { msg: 'Invalid or missing CSRF token. Reload the page and try again' } };
      },
    });
    await makeStore()
      .dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }))
      .unwrap();
    expect(attempts).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/user/forgot-password', '/health', '/user/forgot-password']);
  });

  it('reports a network failure as status 0 without msg', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    mockFetch({
      'POST /user/forgot-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }));
    expect(result.error).toEqual({ status: 0 });
  });
});
