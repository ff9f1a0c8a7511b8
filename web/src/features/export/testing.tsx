import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { makeStore } from '../../app/store';
import { Toaster } from '../../components/Toaster';

/**
 * Test helpers of the export and cover dialogs (imported by their tests only): the dialogs answer files and
 * read response headers, which the JSON-only fetch stub of src/test/utils does not model.
 */

export interface RecordedCall {
  method: string;
  url: string;
  /** JSON bodies parsed; multipart bodies as the FormData. */
  body: unknown;
  headers: Headers;
  signal?: AbortSignal | null | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const file = (bytes: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(new Blob([bytes]), { status, headers });

/** Replaces fetch with handlers keyed by "METHOD /path" (without /api/v1); others answer 404. */
export function stubFetch(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      const raw = init?.body;
      const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw instanceof FormData ? raw : undefined;
      const call = { method, url, body, headers: new Headers(init?.headers), signal: init?.signal };
      calls.push(call);
      const handler = routes[`${method} ${url}`];
      return handler ? handler(call) : json(404, { msg: 'Not found' });
    }),
  );
  return calls;
}

/** jsdom has no object URLs: numbered fake ones, and the downloads an <a download> click would start. */
export function stubFiles() {
  let next = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  const downloads: { name: string; href: string }[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: () => {
      const url = `blob:test/${++next}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  const restore = () => Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  return { created, revoked, downloads, restore };
}

/** Renders a dialog with a fresh store and the toaster. */
export function renderWithStore(ui: ReactElement) {
  const store = makeStore();
  const view = render(
    <Provider store={store}>
      {ui}
      <Toaster />
    </Provider>,
  );
  return { store, ...view };
}
