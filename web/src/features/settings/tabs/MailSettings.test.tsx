import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, resetAfterEach, sampleUser, type FakeCall } from '../../../test/utils';
import { mailSettingsTexts } from '../mailTexts';

resetAfterEach();

describe('settings: mail about comments', () => {
  it('is on by default and saved to the account when switched', async () => {
    let user = { ...sampleUser, accountType: 'starter' };
    const sent: unknown[] = [];
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: user }),
      'GET /book': () => ({ status: 200, body: [] }),
      'PATCH /user/u1/mail-settings': (call: FakeCall) => {
        sent.push(call.body);
        user = { ...user, mailAboutComments: (call.body as { mailAboutComments: boolean }).mailAboutComments };
        return { status: 200, body: { msg: 'Mail settings saved', user } };
      },
    });
    renderApp('/app/settings?tab=preferences');
    const toggle = await screen.findByRole('switch', { name: mailSettingsTexts.comments });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBe('mailAboutComments-hint');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(sent).toEqual([{ mailAboutComments: false }]));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: mailSettingsTexts.comments }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('says so, and shows the saved state, when the server refuses', async () => {
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: { ...sampleUser, mailAboutComments: false } }),
      'GET /book': () => ({ status: 200, body: [] }),
      'PATCH /user/u1/mail-settings': () => ({ status: 503, body: { msg: 'Unavailable' } }),
    });
    renderApp('/app/settings?tab=preferences');
    const toggle = await screen.findByRole('switch', { name: mailSettingsTexts.comments });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain(mailSettingsTexts.failed);
    expect((screen.getByRole('switch', { name: mailSettingsTexts.comments }) as HTMLInputElement).checked).toBe(false);
  });
});
