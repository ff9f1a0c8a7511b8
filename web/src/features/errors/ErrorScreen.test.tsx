import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp, resetAfterEach } from '../../test/utils';
import { ErrorScreen } from './ErrorScreen';

resetAfterEach();

function renderFailingRoute(status: number) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      {
        path: '/broken',
        errorElement: <ErrorScreen />,
        HydrateFallback: () => null,
        loader: () => {
          throw data({ msg: 'nope' }, { status });
        },
        element: <p>never</p>,
      },
    ],
    { initialEntries: ['/', '/broken'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const cases = [
  {
    status: 404,
    title: 'Page not found',
    description: "We can't seem to find the page you're looking for",
    tip: undefined,
  },
  {
    status: 401,
    title: 'Access forbidden',
    description: "You don't have permission to access this resource",
    tip: undefined,
  },
  {
    status: 403,
    title: 'Not authenticated',
    description: 'You need to be logged in to access this content',
    tip: undefined,
  },
  {
    status: 429,
    title: 'Too many requests',
    description: 'Please wait a few minutes before trying again',
    tip: 'Our rate limits reset every hour. Take a short break and come back!',
  },
  {
    status: 402,
    title: 'Payment required',
    description: 'Upgrade to a pro or enterprise plan to access this feature',
    tip: 'Unlock premium features with our Pro plan',
  },
  {
    status: 500,
    title: 'Something went wrong',
    description: 'We encountered an unexpected error. Please try again later',
    tip: undefined,
  },
];

describe('error screen', () => {
  it.each(cases)('shows the texts of status $status', async ({ status, title, description, tip }) => {
    renderFailingRoute(status);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText(description)).toBeTruthy();
    if (tip) expect(screen.getByText(tip)).toBeTruthy();
    else expect(document.body.textContent).not.toMatch(/Unlock premium|rate limits reset/);
    expect(screen.getByText(new RegExp(`^Error Code: ${status} \u2022 \\d{2}:\\d{2}:\\d{2}$`))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/app');
  });

  it('falls back to the 500 texts for an unknown status', async () => {
    renderFailingRoute(418);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Something went wrong');
    expect(screen.getByText('We encountered an unexpected error. Please try again later')).toBeTruthy();
  });

  it('treats a thrown exception as a 500', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <ErrorScreen />,
        HydrateFallback: () => null,
        loader: () => {
          throw new Error('boom');
        },
        element: <p>never</p>,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Something went wrong');
    expect(screen.getByText(/^Error Code: 500/)).toBeTruthy();
  });

  it("'Go Back' goes one step back in history", async () => {
    const router = renderFailingRoute(404);
    (await screen.findByRole('button', { name: 'Go Back' })).click();
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the 404 screen for an unknown URL', async () => {
    renderApp('/no/such/page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    expect(screen.getByText(/^Error Code: 404/)).toBeTruthy();
  });
});
