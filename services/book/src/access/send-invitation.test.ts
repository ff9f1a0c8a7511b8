import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { createInProcessBus, hashToken, silentLogger, type Bus } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { bookRow } from '../testing/book-row';
import { sendInvitation, type NewInvitation } from './send-invitation';

const opened: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  // The embedded database engine starts once, here, under the hook limit.
  await (await createTestDatabase('book', migrations)).close();
});
afterEach(async () => {
  for (const each of opened.splice(0)) await each.close();
});

const now = new Date('2026-11-28T10:00:00.000Z');
const toGrace: NewInvitation = {
  target: { bookId: 'b1' },
  email: 'grace@example.com',
  role: 'viewer',
  roleLabel: 'Viewer',
  invitedBy: 'u1',
  inviterName: 'Ada Lovelace',
};

async function setUp({ mailFails = false } = {}) {
  const database = await createTestDatabase<BookDatabase>('book', migrations);
  const bus: Bus = createInProcessBus({ logger: silentLogger() });
  opened.push(database, bus);
  const mailed: { to: string; path: string; title: string; inviterName: string; kind: string }[] = [];
  await bus.serve(requests.user.mailInvitation, async (mail) => {
    if (mailFails) throw new Error('the mail server is down');
    mailed.push(mail);
    return {};
  });
  await booksRepository.insert(database.db, bookRow({ id: 'b1', title: 'The Keeper of Letters' }));
  const logger = silentLogger();
  const deps = { bus, logger, newId: randomUUID };
  /** The book's transaction, as the handler opens it: insert, then whatever `after` checks. */
  const store =
    (after: () => void = () => undefined) =>
    (insert: (trx: typeof database.db) => Promise<void>) =>
      database.db.transaction().execute(async (trx) => {
        await insert(trx);
        after();
        return 'The Keeper of Letters';
      });
  const invitations = () => database.db.selectFrom('book_invitations').selectAll().orderBy('created_at').execute();
  const links = () => database.db.selectFrom('book_invitation_links').selectAll().execute();
  return { deps, logger, mailed, store, invitations, links };
}

describe('sending an invitation', () => {
  it('keeps only the hash of the link it mails, after the commit, and replaces a pending one of the same email', async () => {
    const { deps, mailed, store, invitations, links } = await setUp();
    const first = await sendInvitation(deps, toGrace, now, store());
    const second = await sendInvitation(deps, { ...toGrace, role: 'coauthor' }, now, store());

    expect(mailed.map((mail) => [mail.to, mail.path, mail.title, mail.inviterName, mail.kind])).toEqual([
      ['grace@example.com', first.link, 'The Keeper of Letters', 'Ada Lovelace', 'book'],
      ['grace@example.com', second.link, 'The Keeper of Letters', 'Ada Lovelace', 'book'],
    ]);
    const tokens = [first.link, second.link].map((link) => /^\/invite\/([A-Za-z0-9_-]{20,})$/.exec(link)![1]!);
    expect((await links()).map((link) => link.token_hash).sort()).toEqual(tokens.map(hashToken).sort());
    expect(JSON.stringify(await invitations())).not.toContain(tokens[0]);
    const rows = await invitations();
    expect(rows.map((row) => [row.id, row.role, row.revoked_at === null])).toEqual([
      [first.row.id, 'viewer', false],
      [second.row.id, 'coauthor', true],
    ]);
    expect(new Date(second.row.expires_at).getTime() - now.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('leaves everything as it was and mails nothing when the transaction refuses after the insert', async () => {
    const { deps, mailed, store, invitations, links } = await setUp();
    const first = await sendInvitation(deps, toGrace, now, store());
    const full = new AppError(402, 'All 1 seats of this workspace are taken');
    await expect(
      sendInvitation(
        deps,
        toGrace,
        now,
        store(() => {
          throw full;
        }),
      ),
    ).rejects.toBe(full);
    // The first one still pends: its revocation went with the refused transaction.
    expect((await invitations()).map((row) => [row.id, row.revoked_at])).toEqual([[first.row.id, null]]);
    expect(await links()).toHaveLength(1);
    expect(mailed).toHaveLength(1);
  });

  it('stands when its mail cannot go out, and says so in the log', async () => {
    const { deps, logger, store, invitations } = await setUp({ mailFails: true });
    const errors = vi.spyOn(logger, 'error');
    const sent = await sendInvitation(deps, toGrace, now, store());
    expect(sent.link).toMatch(/^\/invite\//);
    expect((await invitations()).map((row) => row.id)).toEqual([sent.row.id]);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ bookId: 'b1' }), 'could not mail an invitation');
  });
});
