import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockFetch, resetAfterEach } from '../../../test/utils';
import { Faq } from './Faq';

resetAfterEach();

describe('landing FAQ', () => {
  it('quotes the configured plan prices, not a price written into the page', async () => {
    mockFetch({
      'GET /payment/plans': () => ({
        status: 200,
        body: {
          data: {
            provider: 'stripe',
            currency: 'eur',
            plans: [
              { accountType: 'starter', amount: 25, label: 'Starter' },
              { accountType: 'professional', amount: 65, label: 'Professional' },
            ],
          },
        },
      }),
    });
    render(
      <Provider store={makeStore()}>
        <Faq />
      </Provider>,
    );
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Which plans are there, and what do they include?' }));
    expect(await screen.findByText(/Starter costs €25 per month/)).toBeTruthy();
    expect(screen.getByText(/Professional costs €65 per month/)).toBeTruthy();
  });
});
