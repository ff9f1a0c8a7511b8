import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seatLimitReached, workspaceRoleDescriptions, type Workspace } from '@bookwright/contracts/http';
import { starterUser } from '../../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../../test/utils';
import { enterpriseUser, guild, press, pressAudit, pressMembers } from '../testing';

resetAfterEach();

type Route = (call: FakeCall) => { status: number; body?: unknown };

function openMembers(
  routes: Record<string, Route> = {},
  workspaces: Workspace[] = [press],
  path = '/app/settings?tab=members',
) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: enterpriseUser }),
    'GET /book': () => ({ status: 200, body: [] }),
    'GET /workspaces': () => ({ status: 200, body: { workspaces } }),
    'GET /workspaces/w1/members': () => ({ status: 200, body: pressMembers }),
    'GET /workspaces/w1/audit': () => ({ status: 200, body: { entries: pressAudit } }),
    'GET /workspaces/w2/members': () => ({ status: 200, body: { ...pressMembers, invitations: [] } }),
    ...routes,
  });
  return { calls, ...renderApp(path), user: userEvent.setup() };
}

describe('settings: members, for the workspace’s owner', () => {
  it('has a Members tab with the seats used of the limit', async () => {
    openMembers();
    expect(await screen.findByRole('tab', { name: 'Members', selected: true })).toBeTruthy();
    expect((await screen.findByTestId('seats-used')).textContent).toBe('3 seats used of 5');
    expect(screen.getByRole('heading', { name: 'Members of Lighthouse Press' })).toBeTruthy();
  });

  it('invites by email as admin or member, each role said in one line, and offers the link', async () => {
    const { user, calls } = openMembers({
      'POST /workspaces/w1/members': (call) => ({
        status: 201,
        body: {
          id: 'i2',
          email: (call.body as { email: string }).email,
          role: 'admin',
          expiresAt: '2026-12-05T10:00:00.000Z',
          createdAt: '2026-11-28T10:00:00.000Z',
          link: '/invite/ws-tok',
        },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const roles = within(form).getByRole('group', { name: 'Role' });
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['admin', 'member']);
    expect(within(roles).getByText(workspaceRoleDescriptions.admin)).toBeTruthy();
    expect(within(roles).getByText(workspaceRoleDescriptions.member)).toBeTruthy();
    expect((within(roles).getByRole('radio', { name: 'Member' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(form).getByLabelText('Email address'), 'new@example.com');
    await user.click(within(roles).getByRole('radio', { name: 'Admin' }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Invitation sent to new@example.com.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.com', role: 'admin' });
    expect(within(form).getByRole('button', { name: 'Copy link for new@example.com' })).toBeTruthy();
  });

  it('shows the seat limit when every seat is taken (402)', async () => {
    const { user } = openMembers({
      'POST /workspaces/w1/members': () => ({ status: 402, body: { msg: seatLimitReached(5) } }),
    });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Email address'), 'sixth@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'All 5 seats of this workspace are taken. Add seats or remove someone first',
    );
  });

  it('changes a member’s role and removes them; never the owner', async () => {
    const { user, calls } = openMembers({
      'PATCH /workspaces/w1/members/u-grace': () => ({
        status: 200,
        body: { ...pressMembers.members[1], role: 'admin' },
      }),
      'DELETE /workspaces/w1/members/u-grace': () => ({ status: 200, body: {} }),
    });
    const rows = await screen.findAllByTestId('workspace-member');
    expect(rows[0]!.textContent).toContain('Ada Lovelace (you)');
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[0]!).getByText('Owner')).toBeTruthy();
    await user.selectOptions(within(rows[1]!).getByLabelText('Role of Grace Hopper'), 'admin');
    expect(await screen.findByText('Grace Hopper is now an admin')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'admin' });
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove Grace Hopper' }));
    expect(await screen.findByText('Grace Hopper was removed from the workspace')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/workspaces/w1/members/u-grace')).toBe(true);
    // The owner can't leave.
    expect(screen.queryByRole('button', { name: 'Leave this workspace' })).toBeNull();
  });

  it('shows each person’s joining date whole (it wraps, never truncated) and a compact role control', async () => {
    openMembers();
    const rows = await screen.findAllByTestId('workspace-member');
    expect(rows[1]!.textContent).toContain('grace@example.com · Joined 3 November 2026');
    expect(rows[1]!.querySelector('.truncate')).toBeNull();
    // The date stays in one piece when the line wraps.
    expect(within(rows[1]!).getByText('Joined 3 November 2026').className).toContain('whitespace-nowrap');
    // The select is as small as the Remove button beside it: no form-field padding or text size left over.
    const select = within(rows[1]!).getByLabelText('Role of Grace Hopper');
    expect(select.className.split(' ')).toEqual(expect.arrayContaining(['text-sm', 'py-1.5', 'w-auto']));
    expect(select.className.split(' ')).not.toEqual(expect.arrayContaining(['text-[15px]']));
    expect(select.className.split(' ')).not.toContain('py-2.5');
    expect(select.className.split(' ')).not.toContain('w-full');
    const remove = within(rows[1]!).getByRole('button', { name: 'Remove Grace Hopper' });
    expect(remove.className.split(' ')).toContain('py-1.5');
    expect(remove.className.split(' ')).not.toContain('py-2.5');
  });

  it('shows an admin what each person spent of the pool this month; nothing when nothing or not said', async () => {
    const [ada, grace] = pressMembers.members;
    const mary = { ...grace!, id: 'u-mary', name: 'Mary Shelley', email: 'mary.s@example.com' };
    openMembers({
      'GET /workspaces/w1/members': () => ({
        status: 200,
        body: {
          ...pressMembers,
          members: [
            { ...ada!, spentThisMonth: { book: 0, cover: 0, translation: 0 } },
            { ...grace!, spentThisMonth: { book: 2, cover: 1, translation: 0 } },
            mary,
          ],
        },
      }),
    });
    const rows = await screen.findAllByTestId('workspace-member');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByTestId('member-spent').textContent).toBe('2 books · 1 cover this month');
    expect(within(rows[0]!).queryByTestId('member-spent')).toBeNull();
    expect(within(rows[2]!).queryByTestId('member-spent')).toBeNull();
  });

  it('copies a new link to a pending invitation and revokes it', async () => {
    const { user, calls } = openMembers({
      'POST /workspaces/w1/invitations/i1/link': () => ({ status: 200, body: { link: '/invite/fresh' } }),
      'DELETE /workspaces/w1/invitations/i1': () => ({ status: 200, body: {} }),
    });
    const row = await screen.findByTestId('workspace-invitation');
    expect(row.textContent).toContain('mary@example.com');
    expect(row.textContent).toContain('Admin · Expires 5 December 2026');
    await user.click(within(row).getByRole('button', { name: 'Copy link for mary@example.com' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/fresh`),
    );
    await user.click(within(row).getByRole('button', { name: 'Revoke the invitation for mary@example.com' }));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/workspaces/w1/invitations/i1')).toBe(true);
  });

  it('shows the audit log newest first: who, what, whom or which book, when', async () => {
    openMembers();
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    const entries = screen.getAllByTestId('audit-entry');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Ada Lovelace moved “The Keeper of Letters” into the workspace',
      'Ada Lovelace invited grace@example.com as a member',
      'Ada Lovelace created the workspace',
    ]);
    expect(entries[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T09:30:00.000Z');
    expect(entries[0]!.querySelector('time')?.textContent).toMatch(/20 November 2026/);
    // Every row lays out alike, however long its sentence: the time under it, or (sm and up) on its right.
    for (const entry of entries) {
      expect(entry.className).not.toContain('flex-wrap');
      expect(entry.className).toContain('sm:flex-row');
    }
  });

  it('prices a new seat count before confirming it', async () => {
    const { user, calls } = openMembers({
      'GET /workspaces/w1/seats/preview?seats=8': () => ({
        status: 200,
        body: {
          seats: 8,
          currentSeats: 5,
          perSeat: 1200,
          currency: 'eur',
          dueNow: 1800,
          monthly: 9600,
          provider: 'stripe',
        },
      }),
      'PUT /workspaces/w1/seats': () => ({ status: 200, body: { ...press, seats: { used: 3, limit: 8 } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change seats' });
    const confirm = within(dialog).getByRole('button', { name: /Change to/ });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const count = within(dialog).getByLabelText('Number of seats');
    await user.clear(count);
    await user.type(count, '8');
    await user.click(within(dialog).getByRole('button', { name: 'See the price' }));
    const preview = await within(dialog).findByTestId('seats-preview');
    expect(preview.textContent).toContain('Due now€18.00');
    expect(preview.textContent).toContain('Seats each month from now on€96.00');
    expect(preview.textContent).toContain('€12.00 per seat per month');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change to 8 seats' }));
    expect(await screen.findByText('The workspace now has 8 seats')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ seats: 8 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('settings: members, for a member who is not an admin', () => {
  it('shows the seats and the people read-only, no invitations or audit, and lets them leave', async () => {
    const asMember = {
      ...pressMembers.members[1]!,
      id: starterUser._id,
      name: 'Ada Lovelace',
      email: starterUser.email,
    };
    const owner = { ...pressMembers.members[0]!, id: 'u-grace', name: 'Grace Hopper', email: 'grace@example.com' };
    const { user, calls, router } = openMembers(
      {
        'GET /workspaces/w2/members': () => ({
          status: 200,
          body: { members: [owner, asMember], invitations: [], seats: guild.seats },
        }),
        [`DELETE /workspaces/w2/members/${starterUser._id}`]: () => ({ status: 200, body: {} }),
      },
      [guild],
    );
    expect((await screen.findByTestId('seats-used')).textContent).toBe('2 seats used of 10');
    expect(screen.queryByRole('button', { name: 'Change seats' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/audit'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Leave this workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('has no Members tab without a workspace', async () => {
    // Asked for in the address, the tab waits for the workspaces, then gives way to Account.
    openMembers({}, [], '/app/settings?tab=members');
    await screen.findByRole('tab', { name: 'Account', selected: true });
    expect(screen.queryByRole('tab', { name: 'Members' })).toBeNull();
  });
});
