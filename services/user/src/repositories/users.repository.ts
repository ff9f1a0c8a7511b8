import { sql, type Kysely } from 'kysely';
import { normalizeEmail } from '@bookwright/contracts/text';
import { type UserProfile } from '@bookwright/contracts/http';
import type { UserDatabase, UserRow } from '../db/schema';

export interface NewUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  /** null: the account signs in through an identity provider only. */
  passwordHash: string | null;
}

/** Users table. Every function takes the executor so callers can run it inside their transaction. */
export const usersRepository = {
  async insert(db: Kysely<UserDatabase>, user: NewUser): Promise<UserRow | undefined> {
    // ON CONFLICT keeps a concurrent duplicate sign-up from surfacing as a 500: it returns nothing instead.
    return db
      .insertInto('users')
      .values({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email.trim(),
        email_normalized: normalizeEmail(user.email),
        user_name: user.userName,
        password_hash: user.passwordHash,
        avatar: null,
      })
      .onConflict((oc) => oc.column('email_normalized').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  findByEmail(db: Kysely<UserDatabase>, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
  },

  /** Names and emails of several users at once (the people on a shared book). */
  findPeople(db: Kysely<UserDatabase>, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', 'in', ids).execute();
  },

  findById(db: Kysely<UserDatabase>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Another account already using this username (case-insensitive), if any. */
  findOtherByUserName(db: Kysely<UserDatabase>, userName: string, exceptId: string) {
    return db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
      .where('id', '!=', exceptId)
      .executeTakeFirst();
  },

  /** Locks the row for the rest of the transaction. */
  findByIdForUpdate(db: Kysely<UserDatabase>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** undefined when the normalized email is taken by another account (the unique key). */
  async updateAccount(
    db: Kysely<UserDatabase>,
    id: string,
    changes: { firstName: string; lastName: string; email: string; userName: string; avatar: string | null },
  ): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({
        first_name: changes.firstName,
        last_name: changes.lastName,
        email: changes.email.trim(),
        email_normalized: normalizeEmail(changes.email),
        user_name: changes.userName,
        avatar: changes.avatar,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users as other')
              .select('other.id')
              .where('other.email_normalized', '=', normalizeEmail(changes.email))
              .where('other.id', '!=', id),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** Sessions and reset tokens go with the row (ON DELETE CASCADE). */
  async delete(db: Kysely<UserDatabase>, id: string): Promise<boolean> {
    const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Settings › "Mail me about comments"; the row after the change, undefined for an unknown id. */
  setMailAboutComments(db: Kysely<UserDatabase>, id: string, on: boolean, now: Date): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ mail_about_comments: on, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async setPasswordHash(db: Kysely<UserDatabase>, id: string, passwordHash: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },
};

/** The public profile: never the hash. */
export function presentProfile(row: UserRow): UserProfile {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    userName: row.user_name,
    admin: row.admin,
    createdAt: new Date(row.created_at).toISOString(),
    avatar: row.avatar,
    localCredentials: Boolean(row.password_hash),
    mailAboutComments: row.mail_about_comments,
  };
}
