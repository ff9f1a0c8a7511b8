import type { Kysely } from 'kysely';
import type { UserProfile } from '@bookwright/contracts';
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

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

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

  findById(db: Kysely<UserDatabase>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
  };
}
