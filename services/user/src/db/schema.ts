import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Lower-cased email: the uniqueness key, so Alice@x.com and alice@x.com are one account. */
  email_normalized: string;
  user_name: string;
  /** null for an account opened through an identity provider that never set a password. */
  password_hash: string | null;
  admin: Generated<boolean>;
  avatar: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the token: a leaked database row cannot be replayed as a cookie. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** One identity-provider identity (issuer + subject) signs in to one account. */
export interface IdentityLinksTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
}

export interface UserDatabase {
  users: UsersTable;
  identity_links: IdentityLinksTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
}

export type UserRow = Selectable<UsersTable>;
