import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

function openApp(subscriptionStatus: string) {
  mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: { ...starterUser, subscriptionStatus } }),
    'GET /book': () => ({ status: 200, body: [].map(summary) }),
  });
  renderApp('/app');
}

describe('the failed-payment notice', () => {
  it('tells the author when the renewal payment failed, with a way to billing', async () => {
    openApp('past_due');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your last payment failed.');
    const link = screen.getByRole('link', { name: 'Go to billing' });
    expect(link.getAttribute('href')).toBe('/app/settings?tab=billing');
  });

  it('stays away while the subscription is in order', async () => {
    openApp('active');
    await screen.findByRole('link', { name: /Home/ });
    expect(screen.queryByText('Your last payment failed.')).toBeNull();
  });
});
