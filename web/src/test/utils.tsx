import { buildUser } from '@bookwright/contracts/testing';
import { cleanup, configure, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { makeStore } from '../app/store';
import { clearToasts } from '../components/toast';

// Lazy routes (the editor's chunk holds tiptap) can take more than a second to load on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Radix's positioned popovers (the menus) measure with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}
type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Replaces fetch with a handler keyed by "METHOD /path" (without /api/v1). Unknown calls answer 404 {msg}.
 * Returns the list of calls made.
 */
export function mockFetch(routes: Record<string, (call: FakeCall) => Answer>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body =
      init?.body instanceof FormData
        ? init.body
        : typeof init?.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : undefined;
    const call = { method, url, body, headers };
    calls.push(call);
    const handler = routes[`${method} ${url}`];
    const answer = handler ? await handler(call) : { status: 404, body: { msg: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders the real route tree at `path` in a memory router, with a fresh store. */
export function renderApp(path: string) {
  const store = makeStore();
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}

/** Call once per test file: unmounts, forgets toasts, restores fetch and timers. */
export function resetAfterEach() {
  afterEach(() => {
    cleanup();
    clearToasts();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
}

export const sampleUser = buildUser();
