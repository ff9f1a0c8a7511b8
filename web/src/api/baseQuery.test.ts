import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { baseQuery, errorMessage, newRequestId, serverMessageOf } from './baseQuery';
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

describe('X-Request-Id', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('sends a fresh UUID with every mutation, and none with a GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = mockFetch({
      'POST /user/forgot-password': () => ({ status: 200, body: { msg: 'ok' } }),
      'GET /user/current-user': () => ({ status: 401, body: { msg: 'no' } }),
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }));
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }));
    await store.dispatch(authApi.endpoints.currentUser.initiate());
    const [first, second, get] = calls.map((c) => c.headers.get('X-Request-Id'));
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
    expect(get).toBeNull();
  });

  it('keeps the same id when the base query sends the action again (a stale CSRF token)', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=rotated; path=/';
        return { status: 200 };
      },
      'POST /user/forgot-password': ({ headers }) =>
        headers.get('X-XSRF-TOKEN') === 'rotated'
          ? { status: 200, body: { msg: 'ok' } }
          : { status: 403, body: { msg: 'Invalid or missing CSRF token. Reload the page and try again' } },
    });
    await makeStore()
      .dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.c' }))
      .unwrap();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers.get('X-Request-Id')).toMatch(uuid);
    expect(posts[1]?.headers.get('X-Request-Id')).toBe(posts[0]?.headers.get('X-Request-Id'));
  });

  it('sends the id the caller gives for an action it may repeat', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = mockFetch({ 'POST /x': () => ({ status: 200, body: {} }) });
    await baseQuery(
      { url: '/x', method: 'POST', body: {}, requestId: 'the-action' },
      {
        signal: new AbortController().signal,
      } as Parameters<typeof baseQuery>[1],
      {},
    );
    expect(calls[0]?.headers.get('X-Request-Id')).toBe('the-action');
  });

  it('makes a v4 UUID where randomUUID is missing (a page served over plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const ids = Array.from({ length: 50 }, newRequestId);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(50);
  });
});

describe('the server message of a failure', () => {
  it('reads msg from a body, and nothing else', () => {
    expect(serverMessageOf({ msg: 'The image is larger than 10 MB' })).toBe('The image is larger than 10 MB');
    for (const body of [undefined, null, 'text', {}, { msg: '' }, { msg: 3 }, { data: { msg: 'x' } }])
      expect(serverMessageOf(body)).toBeUndefined();
  });

  it("tells the author the server's reason for a refusal, and the caller's own text otherwise", () => {
    expect(errorMessage({ status: 400, msg: 'Only PNG or JPG' }, 'Failed to upload cover.')).toBe('Only PNG or JPG');
    expect(errorMessage({ status: 429, msg: 'Slow down' }, 'Failed')).toBe('Slow down');
    expect(errorMessage({ status: 400 }, 'Failed')).toBe('Failed');
    // A 5xx carries the catalogue's generic text; the caller's says what failed.
    expect(errorMessage({ status: 500, msg: 'We encountered an unexpected error' }, 'Failed to save')).toBe(
      'Failed to save',
    );
    expect(errorMessage({ status: 0 }, 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });
});
