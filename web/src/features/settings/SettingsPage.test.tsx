import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, resetAfterEach, sampleUser, type FakeCall } from '../../test/utils';
import { loadPreferences } from './preferences';
import { plans } from '@bookwright/contracts/http';

resetAfterEach();
beforeEach(() => window.localStorage.clear());

const starter = {
  ...sampleUser,
  accountType: 'starter',
  nextBillingDate: '2026-12-01T00:00:00.000Z',
  subscriptionStatus: 'active',
  booksLeftThisMonth: 7,
  coversLeftThisMonth: 9,
  translationsLeftThisMonth: 5,
};
const app = (user: Record<string, unknown> = starter) => ({
  'GET /user/current-user': () => ({ status: 200, body: user }),
  'GET /book': () => ({ status: 200, body: [] }),
});

function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('settings: account', () => {
  it('shows the avatar initials, name, username and member-since month and year', async () => {
    mockFetch(app());
    renderApp('/app/settings');
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(panel).getByText('@adalovelace')).toBeTruthy();
    expect(within(panel).getByText('Member since March 2024')).toBeTruthy();
    // The full name is announced as the name (issue 47: it was announced as "First Name").
    const terms = within(panel).getAllByRole('term');
    expect(terms.map((t) => t.textContent)).toEqual(['Name', 'Username', 'Email', 'Member since']);
    expect(terms[0]?.nextElementSibling?.textContent).toBe('Ada Lovelace');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Account',
      'Billing & Plans',
      'Security',
      'API',
      'Help & Support',
      'Preferences',
    ]);
  });

  it('edits the account as multipart, asking for the password only when the email changes', async () => {
    let form: FormData | undefined;
    mockFetch({
      ...app(),
      'PATCH /user/u1': (call: FakeCall) => {
        form = call.body as FormData;
        return {
          status: 200,
          body: { msg: 'Account updated successfully!', user: { ...starter, firstName: 'Augusta' } },
        };
      },
    });
    renderApp('/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Augusta');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'augusta@example.com');
    await user.type(screen.getByLabelText('Current Password'), 'my password');
    const avatar = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Change avatar'), avatar);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account updated successfully!')).toBeTruthy();
    expect(form?.get('firstName')).toBe('Augusta');
    expect(form?.get('email')).toBe('augusta@example.com');
    expect(form?.get('password')).toBe('my password');
    expect((form?.get('image') as File).name).toBe('me.png');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('refuses a non-image avatar and shows the failure toast and the server text on a refused save', async () => {
    mockFetch({ ...app(), 'PATCH /user/u1': () => ({ status: 409, body: { msg: 'This username is already taken' } }) });
    renderApp('/app/settings');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.upload(screen.getByLabelText('Change avatar'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please choose an image file')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error while updating account. Please try again')).toBeTruthy();
    expect(screen.getByText('This username is already taken')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('deletes the account after the email is typed and the password given, then goes to /', async () => {
    const assign = stubLocation();
    const calls = mockFetch({ ...app(), 'DELETE /user/u1': () => ({ status: 200, body: { msg: 'deleted' } }) });
    renderApp('/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    await user.type(within(dialog).getByLabelText('Type your email to confirm'), 'ada@example.co');
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await user.type(within(dialog).getByLabelText('Type your email to confirm'), 'm');
    await user.type(within(dialog).getByLabelText('Password'), 'secret words');
    await user.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ password: 'secret words' });
  });

  it('confirms a passwordless account with the email alone', async () => {
    stubLocation();
    const calls = mockFetch({
      ...app({ ...starter, localCredentials: false }),
      'DELETE /user/u1': () => ({ status: 200, body: { msg: 'deleted' } }),
    });
    renderApp('/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type your email to confirm'), 'ADA@example.com');
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ email: 'ADA@example.com' }));
  });

  it('takes the email with space around it and in another case, as sign-up does', async () => {
    stubLocation();
    const calls = mockFetch({
      ...app({ ...starter, localCredentials: false }),
      'DELETE /user/u1': () => ({ status: 200, body: { msg: 'deleted' } }),
    });
    renderApp('/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText('Type your email to confirm'), ' Ada@Example.com ');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ email: 'Ada@Example.com' }));
  });
});

describe('settings: billing', () => {
  const invoices = [
    {
      id: 'in_1',
      number: 'BW-0001',
      date: '2026-10-01T00:00:00.000Z',
      periodStart: null,
      periodEnd: null,
      amount: 30,
      status: 'paid',
      hostedUrl: null,
      pdfUrl: 'https://invoice.example/in_1.pdf',
    },
  ];

  it('shows plan, next billing date, starter numbers, and invoices with their missing-link toasts', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockFetch({ ...app(), 'GET /payment/invoices': () => ({ status: 200, body: { data: invoices } }) });
    renderApp('/app/settings?tab=billing');
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Starter');
    expect(screen.getByText('1 December 2026')).toBeTruthy();
    expect(screen.getAllByTestId('usage-value').map((e) => e.textContent)).toEqual(['7', '9', '5']);
    expect(await screen.findByText('BW-0001')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Invoice view not available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    expect(open).toHaveBeenCalledWith('https://invoice.example/in_1.pdf', '_blank', 'noopener,noreferrer');
  });

  it('shows ∞ for unlimited plans, No invoices found, and the fetch failure toast', async () => {
    mockFetch({
      ...app({ ...starter, accountType: 'professional', booksLeftThisMonth: null }),
      'GET /payment/invoices': () => ({ status: 500, body: { msg: 'boom' } }),
    });
    renderApp('/app/settings?tab=billing');
    expect(await screen.findByText('Failed to fetch invoices')).toBeTruthy();
    expect(screen.getByText('No invoices found')).toBeTruthy();
    expect(screen.getAllByTestId('usage-value').map((e) => e.textContent)).toEqual(['∞', '∞', '∞']);
  });

  it("shows the plan's price as the plan cards do: the defaults at once, then billing's configured one", async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    mockFetch({
      ...app(),
      'GET /payment/invoices': () => ({ status: 200, body: { data: [] } }),
      'GET /payment/plans': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/app/settings?tab=billing');
    const price = await screen.findByTestId('current-plan-price');
    expect(price.textContent).toBe(`€${plans.starter.priceEur}/month`);
    answer({
      status: 200,
      body: {
        data: {
          provider: 'stripe',
          currency: 'eur',
          plans: [
            { accountType: 'starter', amount: 29.5, label: 'Starter' },
            { accountType: 'professional', amount: 70, label: 'Professional' },
          ],
        },
      },
    });
    await waitFor(() => expect(price.textContent).toBe('€29.50/month'));
  });

  it('changes the plan from the dialog (current one disabled) and opens the billing portal', async () => {
    const assign = stubLocation();
    const calls = mockFetch({
      ...app({ ...starter, billingPortal: true }),
      'GET /payment/invoices': () => ({ status: 200, body: { data: [] } }),
      'GET /payment/plans': () => ({
        status: 200,
        body: {
          data: {
            provider: 'stripe',
            currency: 'eur',
            plans: [
              { accountType: 'starter', amount: 25, label: 'Starter' },
              { accountType: 'professional', amount: 70, label: 'Professional' },
            ],
          },
        },
      }),
      'POST /payment': () => ({ status: 200, body: { data: { url: '/app/settings?tab=billing' } } }),
      'POST /payment/preview': () => ({
        status: 200,
        body: {
          data: {
            from: 'starter',
            to: 'professional',
            currency: 'eur',
            proratedAmount: 22.58,
            newMonthlyAmount: 70,
            nextBillingDate: '2026-12-23T10:00:00.000Z',
            booksLeftAfter: null,
            coversLeftAfter: null,
            translationsLeftAfter: null,
          },
        },
      }),
      'POST /payment/update': () => ({ status: 200, body: { data: { url: 'https://portal.example/p' } } }),
    });
    renderApp('/app/settings?tab=billing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog');
    // The prices as every card writes them (usePlanPrices, formatPlanPrice), never a second "€25.00".
    expect(within(dialog).getByText('€25/month')).toBeTruthy();
    expect(within(dialog).getByText('€70/month')).toBeTruthy();
    expect(screen.getByTestId('current-plan-price').textContent).toBe('€25/month');
    expect((within(dialog).getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    // Nothing changes before the author has seen the price and confirmed it.
    const confirm = await screen.findByRole('dialog', { name: 'Switch to Professional?' });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/payment')).toBe(false);
    expect(calls.find((c) => c.url === '/payment/preview')?.body).toEqual({ accountType: 'professional' });
    expect(within(confirm).getByTestId('switch-preview').textContent).toMatch(
      /Charged for the rest of this period.*€22\.58.*Then, each month.*from 23 December 2026.*€70\/month/,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Confirm switch' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/settings?tab=billing'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/payment')?.body).toEqual({
      accountType: 'professional',
      currency: 'eur',
    });
    // The browser would load the returned page; here the location is stubbed, so close the dialog by hand
    // (the modal dialog hides the page behind it from assistive technology while it is open).
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription or update billing details' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/p'));
  });

  it('shows the billing details from checkout, edits them in the portal, and saves the SDI code', async () => {
    const assign = stubLocation();
    const business = {
      ...starter,
      billingPortal: true,
      companyName: 'Edizioni Faro S.r.l.',
      vatNumber: 'IT12345678901',
      billingAddress: 'Via Roma 1',
      billingCity: 'Milano',
      billingPostalCode: '20121',
      billingZip: '20121',
      billingCountry: 'IT',
    };
    const calls = mockFetch({
      ...app(business),
      'PATCH /payment/billing-details': (call) => ({
        status: 200,
        body: { ...business, sdi: String((call.body as { sdi: string }).sdi).toUpperCase() },
      }),
      'POST /payment/update': () => ({ status: 200, body: { data: { url: 'https://portal.example/p' } } }),
    });
    renderApp('/app/settings?tab=billing');
    const details = await screen.findByTestId('billing-details');
    expect(details.textContent).toContain('Edizioni Faro S.r.l.');
    expect(details.textContent).toContain('IT12345678901');
    expect(details.textContent).toContain('Via Roma 1, 20121 Milano, IT');
    const user = userEvent.setup();

    const sdi = screen.getByLabelText('SDI code (Italy)');
    await user.type(sdi, 'ab-12');
    await user.click(screen.getByRole('button', { name: 'Save SDI code' }));
    expect(
      await screen.findByText('The SDI code has 7 letters or digits (6 for a public administration)'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === '/payment/billing-details')).toBe(false);
    await user.clear(sdi);
    await user.type(sdi, 'm5uxcr1');
    await user.click(screen.getByRole('button', { name: 'Save SDI code' }));
    expect(await screen.findByText('SDI code saved')).toBeTruthy();
    expect(calls.find((c) => c.url === '/payment/billing-details')?.body).toEqual({ sdi: 'm5uxcr1' });

    await user.click(screen.getByRole('button', { name: 'Edit in the billing portal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/p'));
  });

  it('says why the billing portal did not open', async () => {
    mockFetch({
      ...app({ ...starter, billingPortal: true }),
      'POST /payment/update': () => ({ status: 400, body: { msg: 'There is no billing portal for local plans' } }),
    });
    renderApp('/app/settings?tab=billing');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Cancel subscription or update billing details' }));
    expect(await screen.findByText('There is no billing portal for local plans')).toBeTruthy();
  });
});

describe('settings: security, help, preferences', () => {
  it('changes the password and clears the fields; a failure says so', async () => {
    let answer = { status: 400, body: { msg: 'Current password is incorrect' } };
    const calls = mockFetch({ ...app(), 'PATCH /user/password': () => answer });
    renderApp('/app/settings?tab=security');
    const user = userEvent.setup();
    const fill = async () => {
      await user.type(await screen.findByLabelText('Current Password'), 'old words here');
      await user.type(screen.getByLabelText('New Password'), 'new words here');
      await user.type(screen.getByLabelText('Confirm New Password'), 'new words here');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
    };
    await fill();
    expect(await screen.findByText('Error updating password. Please try again')).toBeTruthy();
    expect(screen.getByText('Current password is incorrect')).toBeTruthy();
    answer = { status: 200, body: { msg: 'Password updated successfully!' } };
    await user.clear(screen.getByLabelText('Current Password'));
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await fill();
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
    expect(calls.filter((c) => c.url === '/user/password').at(-1)?.body).toEqual({
      password: 'old words here',
      newPassword: 'new words here',
      confirmPassword: 'new words here',
    });
  });

  it('links support and feature requests by mail with a subject', async () => {
    mockFetch(app());
    renderApp('/app/settings?tab=help');
    const links = (await screen.findAllByRole('link')).map((a) => a.getAttribute('href') ?? '');
    const mails = links.filter((href) => href.startsWith('mailto:'));
    expect(mails.some((href) => /subject=Bookwright%3A%20Support%20request/.test(href))).toBe(true);
    expect(mails.some((href) => /subject=Bookwright%3A%20Feature%20request/.test(href))).toBe(true);
  });

  it('saves theme, export format and auto-save on/off in the browser, and switches the theme at once', async () => {
    mockFetch(app());
    renderApp('/app/settings?tab=preferences');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Dark'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.selectOptions(screen.getByLabelText('Default export format'), 'pdf');
    const autoSave = screen.getByRole('switch', { name: 'Auto-save' }) as HTMLInputElement;
    // On by default (issue 19); the spec's minutes became this switch.
    expect(autoSave.checked).toBe(true);
    await user.click(autoSave);
    expect(loadPreferences()).toEqual({ theme: 'dark', exportFormat: 'pdf', autoSave: false });
    await user.click(autoSave);
    expect(loadPreferences().autoSave).toBe(true);
    await user.click(screen.getByLabelText('Light'));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
