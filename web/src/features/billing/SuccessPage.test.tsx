import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
