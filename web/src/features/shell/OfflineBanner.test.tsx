import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { offlineBannerStorageKey } from './OfflineBanner';

resetAfterEach();
afterEach(() => localStorage.clear());

const banner = () => screen.queryByRole('complementary', { name: 'Demo mode' });

function app(llm: 'offline' | 'openai' | null) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [] }),
    ...(llm
      ? { 'GET /health': () => ({ status: 200, body: { status: 'ok', mode: 'embedded', checks: {}, llm } }) }
      : {}),
  });
  const { store } = renderApp('/app');
  // Settled once the health answer (or its failure) is in the store: the banner's decision is made.
  const settled = () =>
    waitFor(() => {
      expect(calls.some((c) => c.url === '/health')).toBe(true);
      expect(['fulfilled', 'rejected']).toContain(store.getState().api.queries['health(undefined)']?.status);
    });
  return { settled };
}

describe('the demo-text banner', () => {
  it('tells the author the texts are examples, without the operator instructions, when the server writes offline', async () => {
    app('offline');
    const notice = await screen.findByRole('complementary', { name: 'Demo mode' });
    expect(notice.querySelector('p')?.textContent).toBe('Demo mode: texts are examples, not written by an AI model');
    // Connecting a model is the operator's task: the README and GET /health say how.
    for (const variable of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'LLM_MODEL']) {
      expect(notice.textContent).not.toContain(variable);
    }
  });

  it.each(['openai', null] as const)('stays away when the server answers llm=%s', async (llm) => {
    const { settled } = app(llm); // null: the health check fails (404), so nothing is known
    await screen.findByText(/What will your next book be about/);
    await settled();
    expect(banner()).toBeNull();
  });

  it('is dismissed for good in this browser', async () => {
    app('offline');
    const user = userEvent.setup();
    await screen.findByRole('complementary', { name: 'Demo mode' });
    await user.click(screen.getByRole('button', { name: 'Dismiss the demo notice' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(offlineBannerStorageKey)).toBe('1');

    // A later visit remembers it.
    cleanup();
    const { settled } = app('offline');
    await screen.findByText(/What will your next book be about/);
    await settled();
    expect(banner()).toBeNull();
  });
});
