import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('choose plan', () => {
  it('shows the three plans of the spec', async () => {
    mockFetch({});
    renderApp('/choose-plan');
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(screen.getByText('€30')).toBeTruthy();
    expect(screen.getByText('€70')).toBeTruthy();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByText('Custom')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Get Started/ })).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Contact Sales' }));
    expect(await screen.findByRole('dialog', { name: 'Contact sales' })).toBeTruthy();
  });

  it('shows the configured prices, and says plainly when plans are local and free of charge', async () => {
    mockFetch({
      'GET /payment/plans': () => ({
        status: 200,
        body: {
          data: {
            provider: 'local',
            currency: 'eur',
            plans: [
              { accountType: 'starter', amount: 25, label: 'Starter' },
              { accountType: 'professional', amount: 65, label: 'Professional' },
            ],
          },
        },
      }),
    });
    renderApp('/choose-plan');
    expect(await screen.findByText('€25')).toBeTruthy();
    expect(screen.getByText('€65')).toBeTruthy();
    expect(screen.queryByText('€30')).toBeNull();
    expect(screen.getAllByText('Local plan: no charge')).toHaveLength(2);
    expect(screen.getByRole('note').textContent).toMatch(/free of charge/);
  });

  it('shows no local-plan label when Stripe takes the payment', async () => {
    mockFetch({
      'GET /payment/plans': () => ({
        status: 200,
        body: {
          data: {
            provider: 'stripe',
            currency: 'eur',
            plans: [
              { accountType: 'starter', amount: 30, label: 'Starter' },
              { accountType: 'professional', amount: 70, label: 'Professional' },
            ],
          },
        },
      }),
    });
    renderApp('/choose-plan');
    expect(await screen.findByText('€30')).toBeTruthy();
    expect(screen.queryByText('Local plan: no charge')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it("starts checkout and sends the browser to the returned url, reading 'Loading...' meanwhile", async () => {
    const assign = stubLocationAssign();
    const calls = mockFetch({
      'POST /payment': () => ({ status: 200, body: { data: { url: 'https://checkout.example/s/1' } } }),
    });
    renderApp('/choose-plan');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Get Started with Professional/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/1'));
    expect(calls.find((c) => c.url === '/payment')?.body).toEqual({ accountType: 'professional', currency: 'eur' });
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeTruthy();
  });

  it('starts checkout at once for the plan an identity-provider sign-up carried', async () => {
    const assign = stubLocationAssign();
    const calls = mockFetch({
      'POST /payment': () => ({ status: 200, body: { data: { url: 'https://checkout.example/s/3' } } }),
    });
    renderApp('/choose-plan?checkout=starter');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/3'));
    expect(screen.getByRole('status').textContent).toBe('Starting checkout for the Starter plan…');
    expect(calls.filter((c) => c.url === '/payment').map((c) => c.body)).toEqual([
      { accountType: 'starter', currency: 'eur' },
    ]);
  });

  it('sends a signed-out visitor to sign-up with the chosen plan, where checkout starts after signing up', async () => {
    const assign = stubLocationAssign();
    const calls = mockFetch({
      'POST /payment': () => ({ status: 401, body: { msg: 'Unauthorized' } }),
    });
    renderApp('/choose-plan');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Get Started with Professional/ }));
    expect(await screen.findByRole('heading', { name: /create your account|sign up/i })).toBeTruthy();
    expect(screen.getByText(/starting with the/).textContent).toMatch(/Professional/);
    expect(screen.queryByText('Error initiating checkout. Please try again.')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.url === '/payment')).toHaveLength(1);
  });

  it('sends the Enterprise enquiry and shows the server’s answer', async () => {
    const calls = mockFetch({
      'POST /contact-sales': () => ({ status: 200, body: { msg: "Thank you. We'll reply within 48 hours." } }),
    });
    renderApp('/choose-plan');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contact Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact sales' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Company'), 'Analytical Press');
    await user.type(within(dialog).getByLabelText('Work email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Seats'), '25');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText("Thank you. We'll reply within 48 hours.")).toBeTruthy();
    expect(calls.find((c) => c.url === '/contact-sales')?.body).toEqual({
      name: 'Ada Lovelace',
      company: 'Analytical Press',
      email: 'ada@example.com',
      seats: 25,
      message: 'Hello',
    });
  });

  it('shows the checkout failure toast', async () => {
    const assign = stubLocationAssign();
    mockFetch({ 'POST /payment': () => ({ status: 404, body: { msg: 'Not found' } }) });
    renderApp('/choose-plan');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Get Started with Starter/ }));
    expect(await screen.findByText('Error initiating checkout. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: /Get Started/ })).toHaveLength(2);
  });
});
