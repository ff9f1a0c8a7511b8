import type { Kysely, Selectable } from 'kysely';
import type { InvitableWorkspaceRole, WorkspaceRole } from '@bookwright/contracts/http';
import type { BookDatabase, WorkspaceMembersTable, WorkspacesTable } from '../db/schema';
import { membersRepository } from '../access/members.repository';

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WorkspaceMemberRow = Selectable<WorkspaceMembersTable>;

/** Every SQL of team workspaces: the workspaces, their people and seats. Each takes an executor, so it joins a transaction. */
export const workspacesRepository = {
  async insert(db: Kysely<BookDatabase>, workspace: WorkspaceRow): Promise<void> {
    await db.insertInto('workspaces').values(workspace).execute();
  },

  find(db: Kysely<BookDatabase>, workspaceId: string, lock = false) {
    let query = db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId);
    // Locked by every change of its people: two invitations sent together cannot both take the last seat.
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  ownedBy(db: Kysely<BookDatabase>, ownerId: string) {
    return db.selectFrom('workspaces').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
  },

  async roleOf(db: Kysely<BookDatabase>, workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
    return (await workspacesRepository.member(db, workspaceId, userId))?.role;
  },

  /** The workspaces a person belongs to, with their role. */
  ofPerson(db: Kysely<BookDatabase>, userId: string) {
    return db
      .selectFrom('workspace_members')
      .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
      .selectAll('workspaces')
      .select('workspace_members.role')
      .where('workspace_members.user_id', '=', userId)
      .orderBy('workspaces.created_at')
      .orderBy('workspaces.id')
      .execute();
  },

  members(db: Kysely<BookDatabase>, workspaceId: string) {
    return db
      .selectFrom('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
  },

  async addMember(
    db: Kysely<BookDatabase>,
    member: { workspaceId: string; userId: string; role: WorkspaceRole; addedBy: string; now: Date },
  ): Promise<void> {
    await db
      .insertInto('workspace_members')
      .values({
        workspace_id: member.workspaceId,
        user_id: member.userId,
        role: member.role,
        added_by: member.addedBy,
        created_at: member.now,
      })
      .execute();
  },

  async setRole(
    db: Kysely<BookDatabase>,
    workspaceId: string,
    userId: string,
    role: InvitableWorkspaceRole,
  ): Promise<void> {
    await db
      .updateTable('workspace_members')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  },

  async removeMember(db: Kysely<BookDatabase>, workspaceId: string, userId: string): Promise<void> {
    await db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  },

  /** Takes a person off the workspace's books too (a narrower share given to them as a member). */
  async removeSharesOnBooksOf(db: Kysely<BookDatabase>, workspaceId: string, userId: string): Promise<void> {
    await db
      .deleteFrom('book_members')
      .using('books')
      .whereRef('books.id', '=', 'book_members.book_id')
      .where('books.workspace_id', '=', workspaceId)
      .where('book_members.user_id', '=', userId)
      .execute();
  },

  /**
   * Seats taken: the members (every workspace role writes) and the invitations still pending, which take
   * their seat when sent so that accepting one can never go past the limit.
   */
  async seatsUsed(db: Kysely<BookDatabase>, workspaceId: string, now: Date): Promise<number> {
    const pending = await membersRepository.pendingInvitations(db, { workspaceId }, now);
    return (await workspacesRepository.memberCount(db, workspaceId)) + pending.length;
  },

  /** One person's membership, or undefined when they are not in the workspace. */
  member(db: Kysely<BookDatabase>, workspaceId: string, userId: string) {
    return db
      .selectFrom('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  async memberCount(db: Kysely<BookDatabase>, workspaceId: string): Promise<number> {
    const row = await db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async setSeatLimit(db: Kysely<BookDatabase>, workspaceId: string, seats: number): Promise<void> {
    await db.updateTable('workspaces').set({ seat_limit: seats }).where('id', '=', workspaceId).execute();
  },

  /** The workspace and its books pass to `successorId`, who becomes its one owner. */
  async handOver(db: Kysely<BookDatabase>, workspaceId: string, ownerId: string, successorId: string): Promise<void> {
    await db.updateTable('workspaces').set({ owner_id: successorId }).where('id', '=', workspaceId).execute();
    await db
      .updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', successorId)
      .execute();
    await db
      .updateTable('books')
      .set({ user_id: successorId })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', ownerId)
      .execute();
  },

  async remove(db: Kysely<BookDatabase>, workspaceId: string): Promise<void> {
    await db.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
  },

  /** Removes a person from every workspace (their account was deleted): the workspaces and roles they had. */
  removeEverywhere(db: Kysely<BookDatabase>, userId: string) {
    return db
      .deleteFrom('workspace_members')
      .where('user_id', '=', userId)
      .returning(['workspace_id', 'role'])
      .execute();
  },
};
