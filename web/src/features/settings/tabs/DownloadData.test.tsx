import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { starterUser } from '../../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../../test/utils';
import { fileNameOf } from './DownloadData';

resetAfterEach();
// jsdom has no object URLs: each test gives URL its own, and they go again afterwards.
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  Object.assign(URL, objectUrls);
});

/** The settings with GET /user/export answering `answer`; the clicks on download links are recorded. */
function openAccount(answer: () => Response, user: object = starterUser) {
  const api = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: [] }),
  });
  const mocked = fetch;
  const exports: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/v1/user/export') {
        exports.push(init ?? {});
        return Promise.resolve(answer());
      }
      return mocked(input, init);
    }),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  renderApp('/app/settings');
  return { api, exports, saved };
}

describe('Download my data', () => {
  it('downloads the zip under the server’s file name, with the session cookie', async () => {
    const { exports, saved } = openAccount(
      () =>
        new Response(new Blob(['PK']), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="bookwright-data-2026-11-25.zip"',
          },
        }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data is downloading.')).toBeTruthy();
    expect(saved).toEqual([{ href: 'blob:zip', download: 'bookwright-data-2026-11-25.zip' }]);
    expect(exports[0]?.credentials).toBe('include');
  });

  it('shows the server’s msg when it refuses (429: too soon after the last one)', async () => {
    const { saved } = openAccount(
      () =>
        new Response(JSON.stringify({ msg: 'You can download your data once an hour. Please try again later.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('You can download your data once an hour. Please try again later.')).toBeTruthy();
    expect(saved).toEqual([]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('works without a plan', async () => {
    const { saved } = openAccount(
      () => new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip' } }),
      { ...starterUser, accountType: 'null' },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toMatch(/^bookwright-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it('reads the file name from Content-Disposition, with today’s name as the fallback', () => {
    const today = new Date('2026-11-25T12:00:00Z');
    expect(fileNameOf('attachment; filename="bookwright-data-2026-11-24.zip"', today)).toBe(
      'bookwright-data-2026-11-24.zip',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''bookwright-data-2026-11-24.zip", today)).toBe(
      'bookwright-data-2026-11-24.zip',
    );
    expect(fileNameOf(null, today)).toBe('bookwright-data-2026-11-25.zip');
  });
});
