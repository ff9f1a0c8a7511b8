import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@bookwright/contracts/http';
import { starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

describe('/app/success', () => {
  it('welcomes the author to Bookwright (issue 47: it said "Welcome in")', async () => {
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [] }),
    });
    renderApp('/app/success');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome to Bookwright');
    expect(screen.queryByText(/Welcome in/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Writing' }).getAttribute('href')).toBe('/app');
  });

  it('shows the way on once the plan is active, and says it is being activated until then', async () => {
    let user: User = { ...starterUser, accountType: 'null' };
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: user }),
      'GET /book': () => ({ status: 200, body: [] }),
    });
    renderApp('/app/success');
    expect((await screen.findByRole('status')).textContent).toBe('Activating your plan…');
    expect(screen.queryByRole('link', { name: 'Start Writing' })).toBeNull();
    user = starterUser;
    // The page reads the current user again every 2 s until the plan shows up.
    expect((await screen.findByRole('link', { name: 'Start Writing' }, { timeout: 5_000 })).getAttribute('href')).toBe(
      '/app',
    );
  });
});
