import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';
import { planEndDate, planEndsText } from './planAccess';

resetAfterEach();
beforeEach(() => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
});

const professional = {
  ...starterUser,
  accountType: 'professional',
  booksLeftThisMonth: null,
  subscriptionStatus: 'active',
  nextBillingDate: '2026-12-12T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  planEndsAt: null,
  billingPortal: false,
};
const ending = { ...professional, cancelAtPeriodEnd: true, planEndsAt: '2026-12-12T10:00:00.000Z' };
const plans = {
  status: 200,
  body: {
    data: {
      provider: 'local',
      currency: 'eur',
      plans: [
        { accountType: 'starter', amount: 30, label: 'Starter' },
        { accountType: 'professional', amount: 70, label: 'Professional' },
      ],
    },
  },
};

function open(
  path: string,
  user: object,
  extra: Record<string, (call: FakeCall) => { status: number; body?: unknown }> = {},
) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: [] }),
    'GET /payment/plans': () => plans,
    'GET /payment/invoices': () => ({ status: 200, body: { data: [] } }),
    ...extra,
  });
  return { calls, ...renderApp(path) };
}

describe('a plan cancelled at period end', () => {
  it('words the end with the plan name and the day and month in the reader’s language', () => {
    expect(planEndDate('2026-12-12T10:00:00.000Z', 'en-GB')).toBe('12 December');
    expect(planEndDate('2026-12-12T10:00:00.000Z', 'en-US')).toBe('December 12');
    expect(planEndsText(ending as never)).toBe('Your Professional plan ends on 12 December');
    expect(planEndsText(ending as never, 'Pro')).toBe('Your Pro plan ends on 12 December');
    expect(planEndsText(professional as never)).toBeUndefined();
    expect(planEndsText({ ...ending, accountType: 'null' } as never)).toBeUndefined();
  });

  it('shows in the app header with "Keep my plan", which undoes the cancellation', async () => {
    const { calls } = open('/app', ending, {
      'POST /payment/keep-plan': () => ({ status: 200, body: professional }),
    });
    const banner = await screen.findByRole('region', { name: 'Plan ending' });
    expect(within(banner).getByTestId('plan-ends').textContent).toBe('Your Professional plan ends on 12 December.');
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Your plan continues. Nothing else changes.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Plan ending' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/payment/keep-plan')).toHaveLength(1);
  });

  it('says the server’s words when keeping the plan fails', async () => {
    open('/app', ending, {
      'POST /payment/keep-plan': () => ({ status: 409, body: { msg: 'This plan has already ended' } }),
    });
    const banner = await screen.findByRole('region', { name: 'Plan ending' });
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('This plan has already ended')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plan ending' })).toBeTruthy();
  });

  it('shows in Billing in place of "Next billing date"', async () => {
    open('/app/settings?tab=billing', ending);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByTestId('billing-plan-ends')).toBeTruthy();
    expect(within(panel).getByText('Your Professional plan ends on 12 December.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    expect(within(panel).getByText('Plan ends on')).toBeTruthy();
    expect(within(panel).queryByText('Next billing date')).toBeNull();
    // One "Keep my plan" per screen: the header's banner steps aside on the Billing tab.
    expect(screen.queryByRole('region', { name: 'Plan ending' })).toBeNull();
    // Cancelled already: nothing to cancel.
    expect(within(panel).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });
});

describe('Billing: cancelling and the billing portal', () => {
  it('offers "Cancel plan" in local payment mode, with a confirmation, and no portal link', async () => {
    const { calls } = open('/app/settings?tab=billing', professional, {
      'POST /payment/cancel': () => ({ status: 200, body: ending }),
    });
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('Next billing date')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription or update billing details' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Cancel plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(within(dialog).getByText(/stays active until 12 December/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === '/payment/cancel')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Cancel plan' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel my plan' }));
    expect(await screen.findByText('Your plan is cancelled at the end of the period.')).toBeTruthy();
    expect(await screen.findByTestId('billing-plan-ends')).toBeTruthy();
    expect(screen.queryByText('Next billing date')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/payment/cancel')).toHaveLength(1);
  });

  it('shows the billing portal link only where there is a portal, and then no "Cancel plan"', async () => {
    open('/app/settings?tab=billing', { ...professional, billingPortal: true });
    const panel = await screen.findByRole('tabpanel');
    expect(
      await within(panel).findByRole('button', { name: 'Cancel subscription or update billing details' }),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('offers nothing to cancel to an account without a plan, and its invoices stay readable', async () => {
    open(
      '/app/settings?tab=billing',
      { ...starterUser, accountType: 'null', nextBillingDate: null },
      {
        'GET /payment/invoices': () => ({
          status: 200,
          body: {
            data: [
              {
                id: 'in_1',
                number: 'BW-0001',
                date: '2026-10-01T00:00:00.000Z',
                periodStart: null,
                periodEnd: null,
                amount: 30,
                status: 'paid',
                hostedUrl: null,
                pdfUrl: null,
              },
            ],
          },
        }),
      },
    );
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('BW-0001')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });
});
