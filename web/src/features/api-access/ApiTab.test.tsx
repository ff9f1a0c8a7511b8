import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTokenMessages, errorScreens } from '@bookwright/contracts/http';
import { starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';
import { enterpriseUser, guild, press } from '../workspaces/testing';
import { createdToken, pipelineToken } from './testing';

resetAfterEach();
// The route's chunks (the shell, the settings page) loaded before the tests: the first test's waits then
// measure the tab, not transforming the app's modules on a busy machine.
beforeAll(async () => {
  await Promise.all([import('../shell/AppShell'), import('../settings/SettingsPage')]);
});

type Route = (call: FakeCall) => { status: number; body?: unknown };

function openApiTab(routes: Record<string, Route> = {}, user: object = enterpriseUser) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: [] }),
    'GET /workspaces': () => ({ status: 200, body: { workspaces: [] } }),
    'GET /tokens': () => ({ status: 200, body: { tokens: [] } }),
    'GET /webhooks': () => ({ status: 200, body: { webhooks: [] } }),
    ...routes,
  });
  return { calls, ...renderApp('/app/settings?tab=api'), user: userEvent.setup() };
}

describe('settings › API: tokens', () => {
  it('lists a token by name, masked end, scopes, dates and last use; one never used says so', async () => {
    const unused = { ...pipelineToken, id: 't3', name: 'Spare', lastUsedAt: null, lastUsedFrom: null, expiresAt: null };
    openApiTab({ 'GET /tokens': () => ({ status: 200, body: { tokens: [pipelineToken, unused] } }) });
    expect(await screen.findByRole('tab', { name: 'API', selected: true })).toBeTruthy();
    const [used, spare] = await screen.findAllByTestId('api-token');
    expect(used?.textContent).toContain('Publishing pipeline');
    expect(used?.textContent).toContain('bw_pat_…Q7xz');
    expect(within(used!).getByRole('list', { name: 'Scopes' }).textContent).toBe('books:readexports:write');
    expect(used?.textContent).toContain('Created 20 November 2026');
    expect(used?.textContent).toContain('Expires 18 February 2099');
    expect(within(used!).getByTestId('token-last-used').textContent).toMatch(
      /^Last used 28 Nov 2026, .* from 203\.0\.113\.7$/,
    );
    expect(within(spare!).getByTestId('token-last-used').textContent).toBe('Never used');
    expect(spare?.textContent).toContain('Never expires');
  });

  it('creates a token: checked first, the secret shown once with Copy, then listed', async () => {
    let tokens: unknown[] = [];
    const { user, calls } = openApiTab({
      'GET /tokens': () => ({ status: 200, body: { tokens } }),
      'POST /tokens': () => {
        const { token: _secret, ...listed } = createdToken;
        tokens = [listed];
        return { status: 201, body: createdToken };
      },
    });
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    // Five scopes, each with its line; no owner choice without a workspace to administer.
    const scopes = within(dialog).getByRole('group', { name: 'Scopes' });
    expect(within(scopes).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(scopes).getByRole('checkbox', { name: /webhooks:write/ })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Owner')).toBeNull();
    // Nothing sent while the name is empty and no scope is chosen: contracts' messages beside the fields.
    await user.click(within(scopes).getByRole('checkbox', { name: /books:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText(apiTokenMessages.name)).toBeTruthy();
    expect(within(dialog).getByText(apiTokenMessages.scopes)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    await user.click(within(scopes).getByRole('checkbox', { name: /books:read/ }));
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'Never');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByRole('dialog', { name: 'Copy your new token' });
    expect(secret.textContent).toContain('You will not see it again');
    expect((within(secret).getByLabelText('API token') as HTMLInputElement).value).toBe(createdToken.token);
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await within(secret).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(within(secret).getByRole('status').textContent).toBe('Copied to the clipboard');
    expect(await navigator.clipboard.readText()).toBe(createdToken.token);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nightly export',
      scopes: ['books:read'],
    });

    await user.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByTestId('api-token');
    expect(row.textContent).toContain('bw_pat_…a9Zk');
    // Focus is back where the creation began.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create token' }));
    // The secret is nowhere on the page any more.
    expect(document.body.textContent).not.toContain(createdToken.token);
  });

  it('leaves the secret selected to copy by hand when the clipboard refuses', async () => {
    const { user } = openApiTab({ 'POST /tokens': () => ({ status: 201, body: createdToken }) });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const secret = await screen.findByRole('dialog', { name: 'Copy your new token' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect((await within(secret).findByRole('status')).textContent).toMatch(/select the text in the field/);
    const field = within(secret).getByLabelText('API token') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.selectionEnd! - field.selectionStart!).toBe(createdToken.token.length);
  });

  it('revokes a token after a confirmation, and keeps it when cancelled', async () => {
    let tokens = [pipelineToken];
    const { user, calls } = openApiTab({
      'GET /tokens': () => ({ status: 200, body: { tokens } }),
      'DELETE /tokens/t1': () => {
        tokens = [];
        return { status: 200, body: { msg: 'API token revoked' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Publishing pipeline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revoke Publishing pipeline' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API token revoked')).toBeTruthy();
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    // The row that had focus is gone: focus is on the tokens' section, not lost at the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'API tokens' }));
  });

  it('offers a workspace the person administers as the owner, and names a workspace token’s workspace', async () => {
    const { user, calls } = openApiTab({
      'GET /workspaces': () => ({ status: 200, body: { workspaces: [press, guild] } }),
      'GET /tokens': () => ({ status: 200, body: { tokens: [{ ...pipelineToken, workspaceId: 'w1' }] } }),
      'POST /tokens': () => ({ status: 201, body: createdToken }),
    });
    expect(await screen.findByText('Workspace: Lighthouse Press · made by Ada Lovelace')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    const owner = within(dialog).getByLabelText('Owner');
    // Only the workspace Ada owns: in the Writers Guild she is a member.
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['You', 'Lighthouse Press']);
    await user.selectOptions(owner, 'Lighthouse Press');
    await user.type(within(dialog).getByLabelText('Name'), 'Press robot');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Copy your new token' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Press robot',
      workspaceId: 'w1',
      expiresInDays: 90,
    });
  });

  it('shows the server’s 402 text when the plan lapsed while the page was open', async () => {
    const { user } = openApiTab({
      'POST /tokens': () => ({ status: 402, body: { msg: errorScreens[402].description } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorScreens[402].description);
  });

  it('on the Starter plan, says API access is Enterprise’s and offers no creation', async () => {
    openApiTab({}, starterUser);
    expect(await screen.findByRole('heading', { name: 'API access is part of Enterprise' })).toBeTruthy();
    expect(screen.getByText(errorScreens[402].description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/app/plans');
    await screen.findByText('No API tokens yet.');
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
