import { apiMessages } from '@bookwright/contracts/http';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, resetAfterEach } from '../test/utils';
import { apiFetch, apiUrl, isMutating } from './apiFetch';

resetAfterEach();

const staleToken = { status: 403, body: { msg: apiMessages.csrf } };

/** The gateway that rotated the token: /health sets `rotated`, and `route` accepts only that one. */
function rotatingGateway(route: string, answer = () => ({ status: 200, body: { msg: 'ok' } })) {
  document.cookie = 'XSRF-TOKEN=stale; path=/';
  return mockFetch({
    'GET /health': () => {
      document.cookie = 'XSRF-TOKEN=rotated; path=/';
      return { status: 200 };
    },
    [route]: ({ headers }) => (headers.get('X-XSRF-TOKEN') === 'rotated' ? answer() : staleToken),
  });
}

const initOf = (call: number) =>
  (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[call]?.[1] ?? {};

describe('apiFetch: the URL and the cookies', () => {
  it('puts the path under /api/v1 and sends the cookies, with the rest of init as given', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    mockFetch({ 'PATCH /book/content/b%201': () => ({ status: 200, body: {} }) });
    await apiFetch('/book/content/b%201', {
      method: 'PATCH',
      headers: { 'If-Match': '"v1"', 'Content-Type': 'application/json' },
      body: '{"a":1}',
      keepalive: true,
    });
    const [url, init] = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/book/content/b%201');
    expect(init?.credentials).toBe('include');
    expect(init?.keepalive).toBe(true);
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('If-Match')).toBe('"v1"');
  });

  it('builds every URL from the one base', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(apiUrl(path)).toBe(`/api/v1${path}`);
      }),
    );
  });

  it('answers the response unread, whatever its status', async () => {
    mockFetch({ 'GET /user/export': () => ({ status: 429, body: { msg: 'Too soon' } }) });
    const response = await apiFetch('/user/export');
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ msg: 'Too soon' });
  });
});

describe('apiFetch: the CSRF token', () => {
  it('goes with every mutating method, in any case, and with no other', () => {
    fc.assert(
      fc.property(fc.constantFrom('POST', 'PATCH', 'PUT', 'DELETE'), fc.boolean(), (method, lower) => {
        expect(isMutating(lower ? method.toLowerCase() : method)).toBe(true);
      }),
    );
    for (const method of [undefined, 'GET', 'get', 'HEAD', 'OPTIONS']) expect(isMutating(method)).toBe(false);
  });

  it('is sent as X-XSRF-TOKEN on a mutation, and not on a GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    const calls = mockFetch({
      'DELETE /book/1': () => ({ status: 204 }),
      'GET /book/1': () => ({ status: 200, body: {} }),
    });
    await apiFetch('/book/1', { method: 'DELETE' });
    await apiFetch('/book/1');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc==');
    expect(calls[1]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('fetches the cookie first when the browser has none', async () => {
    const calls = mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return { status: 200 };
      },
      'POST /contact-sales': () => ({ status: 200, body: { msg: 'ok' } }),
    });
    await apiFetch('/contact-sales', { method: 'POST', body: '{}' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /health', 'POST /contact-sales']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('on a keepalive request is only the cookie’s: the page is going, there is no time to fetch one', async () => {
    const calls = mockFetch({ 'PATCH /book/content/1': () => ({ status: 200, body: {} }) });
    await apiFetch('/book/content/1', { method: 'PATCH', body: '{}', keepalive: true });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PATCH /book/content/1']);
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('apiFetch: a stale token', () => {
  it('is fetched again and the request sent once more, with the same headers and body', async () => {
    const calls = rotatingGateway('POST /book/1/rewrite');
    const response = await apiFetch('/book/1/rewrite', {
      method: 'POST',
      headers: { 'X-Request-Id': 'the-action', 'Content-Type': 'application/json' },
      body: '{"text":"a"}',
    });
    expect(response.status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /book/1/rewrite',
      'GET /health',
      'POST /book/1/rewrite',
    ]);
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('rotated');
    expect(calls[2]?.headers.get('X-Request-Id')).toBe('the-action');
    expect(calls[2]?.body).toEqual({ text: 'a' });
  });

  it('is retried exactly once: a second refusal is the answer, still readable', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = mockFetch({ 'GET /health': () => ({ status: 200 }), 'POST /x': () => staleToken });
    const response = await apiFetch('/x', { method: 'POST', body: '{}' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ msg: apiMessages.csrf });
  });

  it('is the only refusal retried: another 403, or one without JSON, is answered as it came', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    for (const body of [{ msg: 'You do not own this book' }, 'Forbidden', undefined]) {
      const calls = mockFetch({ 'PUT /x': () => ({ status: 403, body }) });
      const response = await apiFetch('/x', { method: 'PUT', body: '{}' });
      expect(calls).toHaveLength(1);
      expect(response.status).toBe(403);
    }
  });

  it('is not retried on a GET (it carries no token) nor on a keepalive request (no time left)', async () => {
    for (const init of [{}, { method: 'PATCH', body: '{}', keepalive: true }] satisfies RequestInit[]) {
      document.cookie = 'XSRF-TOKEN=stale; path=/';
      const calls = mockFetch({ 'GET /x': () => staleToken, 'PATCH /x': () => staleToken });
      const response = await apiFetch('/x', init);
      expect(calls).toHaveLength(1);
      expect(response.status).toBe(403);
    }
  });
});

describe('apiFetch: failures and cancellation', () => {
  it('passes the caller’s signal to fetch, and an abort rejects as fetch’s does, with no retry', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const answer = apiFetch('/book/1/rewrite', { method: 'POST', body: '{}', signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(initOf(0).signal).toBe(controller.signal);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects when the network fails, as fetch does', async () => {
    mockFetch({
      'GET /x': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiFetch('/x')).rejects.toThrow('Failed to fetch');
  });
});
