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
  /** Settings › "Mail me about comments". */
  mail_about_comments: Generated<boolean>;
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

/** When a person was last mailed about a book's comments: at most one such mail per 10 minutes. */
export interface CommentMailsTable {
  user_id: string;
  book_id: string;
  mailed_at: Timestamp;
}

/** A personal API token (decision 0045): its HMAC-SHA256 under API_TOKEN_HASH_SECRET, never the token. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  last_four: string;
  /** The scopes, comma-separated. */
  scopes: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  /** A workspace token's workspace; null for a personal token. */
  workspace_id: string | null;
}

export interface UserDatabase {
  users: UsersTable;
  identity_links: IdentityLinksTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  comment_mails: CommentMailsTable;
  api_tokens: ApiTokensTable;
}

export type UserRow = Selectable<UsersTable>;
