import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plans } from '@bookwright/contracts/http';
import { formatPlanPrice } from '../../billing/planPrices';
import { makeStore } from '../../../app/store';
import { mockFetch, resetAfterEach } from '../../../test/utils';
import { Pricing } from './Pricing';

resetAfterEach();

function renderPricing() {
  mockFetch({ 'GET /payment/plans': () => ({ status: 503, body: { msg: 'unavailable' } }) });
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <Pricing />
      </MemoryRouter>
    </Provider>,
  );
}

describe('landing pricing', () => {
  it('fetches the contact-sales form only when asked, then opens it', async () => {
    renderPricing();
    expect(screen.queryByRole('dialog')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Contact Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact sales' });
    expect(dialog.querySelector('input[autocomplete="organization"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the plan table defaults when the prices cannot be read', async () => {
    renderPricing();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.getByTestId('price-starter').textContent).toContain(formatPlanPrice(plans.starter.priceEur));
    expect(screen.getByTestId('price-professional').textContent).toContain(
      formatPlanPrice(plans.professional.priceEur),
    );
  });
});
