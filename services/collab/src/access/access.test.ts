import { afterEach, describe, expect, it } from 'vitest';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until } from '../testing/live-client';

let harness: CollabHarness;
afterEach(async () => harness?.stop());

async function withBook(options: ConstructorParameters<typeof CollabHarness>[0] = {}) {
  harness = await new CollabHarness(options).start();
  harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', vi: 'viewer', cy: 'commenter', ed: 'editor' });
  return harness;
}

describe('who may open a live book', () => {
  it('gives viewers a read-only connection: their update reaches nobody and is not stored, and it closes', async () => {
    await withBook();
    const ada = harness.client('ada', 'b1');
    const vi = harness.client('vi', 'b1');
    await until(() => ada.provider.isSynced && vi.provider.isSynced, 'both synced');
    expect(vi.provider.authorizedScope).toBe('readonly');

    vi.type(1, 0, 'Defaced. ');
    await until(() => vi.closes.includes('read-only'), 'the viewer closed');
    ada.type(1, 0, 'Still. ');
    await until(() => vi.text().includes('Defaced') && ada.text().includes('Still'), 'both edits made');
    expect(ada.text()).not.toContain('Defaced');
    ada.destroy();
    await until(() => harness.store.saves.length === 1, 'the owner saved');
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('Still. The lamp is lit.');
    expect(harness.store.saves.flatMap((save) => save.editedBy)).toEqual(['ada']);
  });

  it('opens the book read-only for commenters, and writable for editors (their changes are suggestions)', async () => {
    await withBook();
    const cy = harness.client('cy', 'b1');
    const ed = harness.client('ed', 'b1');
    await until(() => cy.provider.isSynced && ed.provider.isSynced, 'both synced');
    expect(cy.provider.authorizedScope).toBe('readonly');
    expect(ed.provider.authorizedScope).toBe('read-write');
  });

  it('refuses a forged token, an expired one, one signed with another secret and one for another book', async () => {
    await withBook();
    harness.store.add('b2', bookOf('Other.'), { ada: 'owner' });
    const forged = `${harness.token('ada', 'b1').split('.')[0]}.${'A'.repeat(43)}`;
    const refused = [
      harness.client('ada', 'b1', forged),
      harness.client('ada', 'b1', harness.token('ada', 'b1', { ttlMs: -1 })),
      harness.client('ada', 'b1', harness.token('ada', 'b1', { secret: 'another-secret-another-secret-another' })),
      harness.client('ada', 'b1', harness.token('ada', 'b2')),
    ];
    await until(() => refused.every((client) => client.refusals.length > 0), 'every refusal');
    expect(refused.map((client) => client.refusals[0])).toEqual([
      'token-expired',
      'token-expired',
      'token-expired',
      'access-removed',
    ]);
    expect(refused.some((client) => client.provider.isSynced)).toBe(false);
  });

  it('refuses someone the book service no longer counts among its people, whatever their token says', async () => {
    await withBook();
    harness.store.setRole('b1', 'vi', undefined);
    const vi = harness.client('vi', 'b1', harness.token('vi', 'b1', { role: 'viewer' }));
    await until(() => vi.refusals.length > 0, 'the refusal');
    expect(vi.refusals).toEqual(['access-removed']);
  });

  it('keeps a session open past its first token when the browser sends fresh ones on the socket', async () => {
    await withBook({ refreshLeadMs: 600 });
    let issued = 0;
    const ada = harness.client('ada', 'b1', async () => {
      issued += 1;
      return harness.token('ada', 'b1', { ttlMs: 1_500 });
    });
    await until(() => ada.provider.isSynced, 'synced');
    // Three tokens: the first and two refreshes asked for by the server; the first expired long ago.
    await until(() => issued >= 3, 'two refreshes');
    ada.type(1, 0, 'Later. ');
    await until(() => harness.store.saves.length > 0, 'the edit saved');
    expect(ada.closes).toEqual([]);
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('Later. The lamp is lit.');
  });

  it('closes a session whose token ran out without a fresh one (token-expired)', async () => {
    await withBook({ refreshLeadMs: 600 });
    const stale = harness.token('ada', 'b1', { ttlMs: 1_500 });
    const ada = harness.client('ada', 'b1', async () => stale);
    await until(() => ada.provider.isSynced, 'synced');
    await until(() => ada.closes.length > 0, 'the close');
    expect(ada.closes).toEqual(['token-expired']);
  });

  it('closes a refreshed session whose role changed meanwhile (role-changed), and one whose access went', async () => {
    await withBook({ refreshLeadMs: 600 });
    const token = (userId: string) => async () => harness.token(userId, 'b1', { ttlMs: 1_500 });
    const ed = harness.client('ed', 'b1', token('ed'));
    const vi = harness.client('vi', 'b1', token('vi'));
    await until(() => ed.provider.isSynced && vi.provider.isSynced, 'synced');
    harness.store.setRole('b1', 'ed', 'viewer');
    harness.store.setRole('b1', 'vi', undefined);
    await until(() => ed.closes.length > 0 && vi.closes.length > 0, 'both closed at their refresh');
    expect(ed.closes).toEqual(['role-changed']);
    expect(vi.closes).toEqual(['access-removed']);
  });
});
