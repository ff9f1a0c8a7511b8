import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes, webhookMessages, type WebhookDelivery } from '@bookwright/contracts/http';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../../test/utils';
import { enterpriseUser } from '../../workspaces/testing';
import { endpoint, failedDelivery } from '../testing';

resetAfterEach();
// The route's chunks (the shell, the settings page) loaded before the tests: the first test's waits then
// measure the tab, not transforming the app's modules on a busy machine.
beforeAll(async () => {
  await Promise.all([import('../../shell/AppShell'), import('../../settings/SettingsPage')]);
});

type Route = (call: FakeCall) => { status: number; body?: unknown };

function openApiTab(routes: Record<string, Route> = {}) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: enterpriseUser }),
    'GET /book': () => ({ status: 200, body: [] }),
    'GET /workspaces': () => ({ status: 200, body: { workspaces: [] } }),
    'GET /tokens': () => ({ status: 200, body: { tokens: [] } }),
    'GET /webhooks': () => ({ status: 200, body: { webhooks: [endpoint] } }),
    'GET /webhooks/h1/deliveries': () => ({ status: 200, body: { deliveries: [] } }),
    ...routes,
  });
  return { calls, ...renderApp('/app/settings?tab=api'), user: userEvent.setup() };
}

/** Puts text into a field at once (typing a long URL key by key is slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const posts = (calls: FakeCall[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

describe('settings › API: webhooks', () => {
  it('checks the URL first, then shows the server’s refusal of a private address in its words', async () => {
    const { user, calls } = openApiTab({
      'GET /webhooks': () => ({ status: 200, body: { webhooks: [] } }),
      'POST /webhooks': () => ({ status: 400, body: { msg: webhookMessages.forbiddenTarget } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await fill(user, within(dialog).getByLabelText('Endpoint URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(webhookMessages.url)).toBeTruthy();
    expect(posts(calls, '/webhooks')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(webhookMessages.forbiddenTarget);
  });

  it('adds an endpoint with chosen events, each explained; the secret shown once, then listed', async () => {
    let webhooks: unknown[] = [];
    const { user, calls } = openApiTab({
      'GET /webhooks': () => ({ status: 200, body: { webhooks } }),
      'POST /webhooks': () => {
        webhooks = [{ ...endpoint, events: ['book.ready', 'comment.created'], description: 'Shop' }];
        return { status: 201, body: { ...endpoint, secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==' } };
      },
    });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    const events = within(dialog).getByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('checkbox')).toHaveLength(webhookEventTypes.length);
    expect(within(events).getByText('A book finished writing and can be edited')).toBeTruthy();
    await fill(user, within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await user.click(within(events).getByRole('checkbox', { name: /comment\.created/ }));
    await fill(user, within(dialog).getByLabelText('Description (optional)'), 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(secret.textContent).toContain('You will not see it again');
    expect((within(secret).getByLabelText('Signing secret') as HTMLInputElement).value).toMatch(/^whsec_/);
    expect(posts(calls, '/webhooks').at(-1)?.body).toEqual({
      url: endpoint.url,
      events: ['book.ready', 'comment.created'],
      description: 'Shop',
    });
    await user.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    const row = await screen.findByTestId('webhook');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(within(row).getByRole('list', { name: 'Events' }).textContent).toBe('book.readycomment.created');
    expect(within(row).getByTestId('webhook-state').textContent).toBe('Enabled');
  });

  it('sends a test, shows the delivery with its attempts, and redelivers it', async () => {
    const test: WebhookDelivery = {
      id: 'msg_test',
      eventType: 'webhook.test',
      status: 'succeeded',
      createdAt: '2026-11-29T07:00:00.000Z',
      nextAttemptAt: null,
      attempts: [
        { attemptedAt: '2026-11-29T07:00:00.100Z', statusCode: 204, durationMs: 12, error: null, responseBody: null },
      ],
    };
    let deliveries: WebhookDelivery[] = [failedDelivery];
    const { user, calls } = openApiTab({
      'GET /webhooks/h1/deliveries': () => ({ status: 200, body: { deliveries } }),
      'POST /webhooks/h1/test': () => {
        deliveries = [test, failedDelivery];
        return { status: 202, body: { ...test, status: 'pending', attempts: [] } };
      },
      'POST /webhooks/h1/deliveries/msg_1/redeliver': () => ({ status: 202, body: failedDelivery }),
    });
    await user.click(await screen.findByRole('button', { name: `Send a test to ${endpoint.url}` }));
    expect(await screen.findByText('Test event sent')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: `Deliveries to ${endpoint.url}` });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2));
    const [sent, failed] = screen.getAllByTestId('webhook-delivery');
    expect(within(sent!).getByTestId('delivery-status').textContent).toBe('Delivered');
    expect(within(sent!).getByTestId('webhook-attempt').textContent).toMatch(/^HTTP 204 · .* · 12 ms$/);
    const attempts = within(failed!).getAllByTestId('webhook-attempt');
    expect(attempts.map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^HTTP 500 · 28 Nov 2026, .* · 42 msThe endpoint answered 500$/),
      expect.stringMatching(/^No answer · .* · 10000 msTimed out$/),
    ]);
    expect(within(failed!).getByText('Failed')).toBeTruthy();

    await user.click(within(failed!).getByRole('button', { name: /^Redeliver book\.ready of / }));
    expect(await screen.findByText('Sent again')).toBeTruthy();
    expect(posts(calls, '/webhooks/h1/deliveries/msg_1/redeliver')).toHaveLength(1);

    await user.click(toggle);
    expect(screen.queryByTestId('webhook-delivery')).toBeNull();
  });

  it('rotates the secret after a confirmation that says the old one signs 24 hours more', async () => {
    const { user, calls } = openApiTab({
      'POST /webhooks/h1/rotate-secret': () => ({
        status: 200,
        body: { ...endpoint, secret: 'whsec_bmV3LXNlY3JldA==' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: `Rotate the secret of ${endpoint.url}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(confirm.textContent).toContain('24 hours');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Copy the new signing secret' });
    expect(secret.textContent).toContain('The old secret keeps signing beside the new one for 24 hours');
    expect((within(secret).getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_bmV3LXNlY3JldA==');
    expect(posts(calls, '/webhooks/h1/rotate-secret')).toHaveLength(1);
    await user.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Rotate the secret of ${endpoint.url}` }));
  });

  it('edits the URL, events and description, pauses it, and deletes it after a confirmation', async () => {
    let webhooks = [endpoint];
    const { user, calls } = openApiTab({
      'GET /webhooks': () => ({ status: 200, body: { webhooks } }),
      'PATCH /webhooks/h1': (call) => {
        webhooks = [{ ...endpoint, ...(call.body as object), disabledReason: 'owner' }];
        return { status: 200, body: webhooks[0] };
      },
      'DELETE /webhooks/h1': () => {
        webhooks = [];
        return { status: 200, body: { msg: 'Webhook deleted' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the endpoint' });
    expect((within(dialog).getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe(endpoint.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /book\.failed/ }));
    await user.clear(within(dialog).getByLabelText('Description (optional)'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send deliveries to this endpoint' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Endpoint saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      url: endpoint.url,
      events: ['book.ready'],
      description: '',
      enabled: false,
    });
    await waitFor(() => expect(screen.getByTestId('webhook-state').textContent).toBe('Paused'));
    expect(screen.getByRole('button', { name: `Send a test to ${endpoint.url}` })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: `Delete ${endpoint.url}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook deleted')).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Webhooks' }));
  });

  it('says why an endpoint was disabled and enables it again', async () => {
    let webhooks = [{ ...endpoint, enabled: false, disabledReason: 'gone' }];
    const { user } = openApiTab({
      'GET /webhooks': () => ({ status: 200, body: { webhooks } }),
      'PATCH /webhooks/h1': () => {
        webhooks = [endpoint as never];
        return { status: 200, body: endpoint };
      },
    });
    expect((await screen.findByTestId('webhook-state')).textContent).toBe('Disabled: the endpoint answered 410 Gone');
    await user.click(screen.getByRole('button', { name: `Enable ${endpoint.url}` }));
    await waitFor(() => expect(screen.getByTestId('webhook-state').textContent).toBe('Enabled'));
  });
});
