import type { Kysely } from 'kysely';
import type { SharedRole } from '@bookwright/contracts/http';
import type { BookDatabase, BookInvitationsTable } from '../db/schema';
import type { Selectable } from 'kysely';

export type InvitationRow = Selectable<BookInvitationsTable>;

/** What an invitation leads to: a book, or a team workspace (one table serves both). */
export type InvitationTarget = { bookId: string } | { workspaceId: string };

const targetColumn = (target: InvitationTarget) =>
  'bookId' in target ? (['book_id', target.bookId] as const) : (['workspace_id', target.workspaceId] as const);

/** Every SQL of sharing: the people on a book and the invitations to it. Each takes an executor, so it joins a transaction. */
export const membersRepository = {
  async roleOf(db: Kysely<BookDatabase>, bookId: string, userId: string): Promise<SharedRole | undefined> {
    const row = await db
      .selectFrom('book_members')
      .select('role')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  },

  /**
   * Whether anyone besides its owner is on the book (decision 0043: it then opens live): someone it is shared
   * with, or, for a team workspace's book, another member of the workspace. One statement.
   */
  async isShared(db: Kysely<BookDatabase>, book: { id: string; workspace_id: string | null }): Promise<boolean> {
    const { workspace_id: workspaceId } = book;
    const row = await db
      .selectNoFrom((eb) => {
        const shares = eb.exists(eb.selectFrom('book_members').select('book_id').where('book_id', '=', book.id));
        if (workspaceId === null) return shares.as('shared');
        const others = eb(
          eb
            .selectFrom('workspace_members')
            .select((count) => count.fn.countAll<number>().as('count'))
            .where('workspace_id', '=', workspaceId),
          '>',
          1,
        );
        return eb.or([shares, others]).as('shared');
      })
      .executeTakeFirstOrThrow();
    return Boolean(row.shared);
  },

  listMembers(db: Kysely<BookDatabase>, bookId: string) {
    return db
      .selectFrom('book_members')
      .select(['user_id', 'role', 'created_at'])
      .where('book_id', '=', bookId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
  },

  async addMember(
    db: Kysely<BookDatabase>,
    member: { bookId: string; userId: string; role: SharedRole; addedBy: string },
  ): Promise<void> {
    await db
      .insertInto('book_members')
      .values({ book_id: member.bookId, user_id: member.userId, role: member.role, added_by: member.addedBy })
      .execute();
  },

  /** The role it had, or undefined when the person was not on the book. */
  async setRole(
    db: Kysely<BookDatabase>,
    bookId: string,
    userId: string,
    role: SharedRole,
  ): Promise<SharedRole | undefined> {
    const previous = await membersRepository.roleOf(db, bookId, userId);
    if (previous === undefined) return undefined;
    await db
      .updateTable('book_members')
      .set({ role })
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .execute();
    return previous;
  },

  /** The role it had, or undefined when the person was not on the book. */
  async removeMember(db: Kysely<BookDatabase>, bookId: string, userId: string): Promise<SharedRole | undefined> {
    const removed = await db
      .deleteFrom('book_members')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .returning('role')
      .executeTakeFirst();
    return removed?.role;
  },

  /** The books shared with a person, with their roles (not the person's own books). */
  sharedWith(db: Kysely<BookDatabase>, userId: string) {
    return db.selectFrom('book_members').select(['book_id', 'role']).where('user_id', '=', userId).execute();
  },

  /** The people the books of an owner are shared with, with each book's title. */
  membersOfBooksOwnedBy(db: Kysely<BookDatabase>, ownerId: string) {
    return db
      .selectFrom('book_members')
      .innerJoin('books', 'books.id', 'book_members.book_id')
      .select(['book_members.book_id', 'books.title', 'book_members.user_id'])
      .where('books.user_id', '=', ownerId)
      .execute();
  },

  /** Removes every share of a person (their account was deleted): the books they were on, their roles and owners. */
  removeEverywhere(db: Kysely<BookDatabase>, userId: string) {
    return db
      .deleteFrom('book_members')
      .using('books')
      .whereRef('books.id', '=', 'book_members.book_id')
      .where('book_members.user_id', '=', userId)
      .returning(['book_members.book_id', 'book_members.role', 'books.user_id as owner_id'])
      .execute();
  },

  pendingInvitations(db: Kysely<BookDatabase>, target: InvitationTarget, now: Date) {
    const [column, id] = targetColumn(target);
    return db
      .selectFrom('book_invitations')
      .selectAll()
      .where(column, '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async insertInvitation(
    db: Kysely<BookDatabase>,
    invitation: Omit<InvitationRow, 'accepted_at' | 'accepted_by' | 'revoked_at'>,
    tokenHash: string,
  ): Promise<void> {
    await db.insertInto('book_invitations').values(invitation).execute();
    await membersRepository.addLink(db, invitation.id, tokenHash);
  },

  async addLink(db: Kysely<BookDatabase>, invitationId: string, tokenHash: string): Promise<void> {
    await db
      .insertInto('book_invitation_links')
      .values({ token_hash: tokenHash, invitation_id: invitationId })
      .execute();
  },

  /** Revokes the pending invitations of an email to a book or workspace (a new one replaces them). */
  async revokePendingFor(db: Kysely<BookDatabase>, target: InvitationTarget, email: string, now: Date): Promise<void> {
    const [column, id] = targetColumn(target);
    await db
      .updateTable('book_invitations')
      .set({ revoked_at: now })
      .where(column, '=', id)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
  },

  findInvitation(db: Kysely<BookDatabase>, target: InvitationTarget, invitationId: string) {
    const [column, id] = targetColumn(target);
    return db
      .selectFrom('book_invitations')
      .selectAll()
      .where(column, '=', id)
      .where('id', '=', invitationId)
      .executeTakeFirst();
  },

  /** The invitation a link leads to, locked when asked (accepting it is single-use). */
  byTokenHash(db: Kysely<BookDatabase>, tokenHash: string, lock = false) {
    let query = db
      .selectFrom('book_invitation_links')
      .innerJoin('book_invitations', 'book_invitations.id', 'book_invitation_links.invitation_id')
      .selectAll('book_invitations')
      .where('book_invitation_links.token_hash', '=', tokenHash);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  async markAccepted(db: Kysely<BookDatabase>, invitationId: string, userId: string, now: Date): Promise<void> {
    await db
      .updateTable('book_invitations')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', invitationId)
      .execute();
  },

  async revoke(db: Kysely<BookDatabase>, invitationId: string, now: Date): Promise<void> {
    await db.updateTable('book_invitations').set({ revoked_at: now }).where('id', '=', invitationId).execute();
  },
};
