import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AuditAction,
  BookFailure,
  BookState,
  BookStatus,
  InvitableWorkspaceRole,
  SharedRole,
  CommentAnchor,
  TranslationLink,
  WorkspaceRole,
} from '@bookwright/contracts/http';
import type { RevisionKind } from '../domain/revision-policy';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface BooksTable {
  id: string;
  user_id: string;
  /** The plan request that created the book; (user_id, idempotency_key) is unique so a retried request creates one book. */
  idempotency_key: string;
  status: BookStatus;
  title: string;
  subtitle: string | null;
  genre: string;
  book_type: 'fiction' | 'non-fiction';
  language: string;
  target_audience: string;
  size: 'short' | 'long';
  prompt: string;
  book_state: Json<BookState | null>;
  /** How many rows of `book_chapters` hold the manuscript; null: no manuscript yet. */
  manuscript_chapters: ColumnType<number | null, number | null | undefined, number | null>;
  cover_image: string | null;
  author: string | null;
  identifier: string | null;
  language_metadata: string | null;
  genre_metadata: string | null;
  publisher: string | null;
  description: string | null;
  keywords: Json<string[]>;
  rights: string | null;
  publication_date: string | null;
  isbn: string | null;
  failure: Json<BookFailure | null>;
  /** The billing key of the allowance the current attempt reserved: a failure gives it back. */
  allowance_key: string | null;
  /** The original of a translation; null for a book written from a plan. */
  translation: ColumnType<TranslationLink | null, string | null | undefined, string | null>;
  plan_attempt: Generated<number>;
  write_attempt: Generated<number>;
  chapters_written: Generated<number>;
  chapters_total: Generated<number>;
  /** Raised by every change of the row (repositories/books.repository.ts); the ETag is made from it. */
  version: Generated<number>;
  /** A team workspace's book (its user_id is then the workspace's owner, who pays for it). */
  workspace_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who made it, when not user_id (a workspace's member). */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the author moved the book to the trash; null while it is in the library. The status is kept as it was. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface BookRevisionsTable {
  id: string;
  seq: Generated<string>;
  book_id: string;
  content: string;
  content_hash: string;
  word_count: number;
  /** Why it was kept (domain/revision-policy.ts, RevisionKind). */
  kind: ColumnType<RevisionKind, RevisionKind | undefined, RevisionKind>;
  /** "As written", or the author's name for a version they saved; null otherwise. */
  name: string | null;
  created_at: Timestamp;
}

/** One chapter of a manuscript (domain/stored-manuscript.ts): its nodes as JSON joined by commas, and their hash. */
export interface BookChaptersTable {
  book_id: string;
  /** From 0, in reading order: a partial save's `index`. */
  position: number;
  nodes: string;
  hash: string;
  /** The words of its text (contracts' `countWords`): a manuscript's count is the sum of its chapters'. */
  word_count: number;
  /** Its text folded for the search (contracts' `foldForSearch`), written with its nodes (decision 0051). */
  search_text: string;
}

/** Someone a book is shared with (access/): never its owner, who is the book's user_id. */
export interface BookMembersTable {
  book_id: string;
  user_id: string;
  role: SharedRole;
  added_by: string;
  created_at: Timestamp;
}

/** An invitation to a book, bound to one email; pending while none of accepted, revoked or expired. */
export interface BookInvitationsTable {
  id: string;
  /** Exactly one of book_id and workspace_id: what the invitation leads to. */
  book_id: string | null;
  workspace_id: ColumnType<string | null, string | null | undefined, string | null>;
  email: string;
  /** A SharedRole for a book, an InvitableWorkspaceRole for a workspace. */
  role: SharedRole | InvitableWorkspaceRole;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: string | null;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A working link to an invitation, as the SHA-256 of its token. */
export interface BookInvitationLinksTable {
  token_hash: string;
  invitation_id: string;
}

/** A team workspace (issue 43): one owner, who pays for its seats and its pool. */
export interface WorkspacesTable {
  id: string;
  name: string;
  owner_id: string;
  seat_limit: number;
  created_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  added_by: string;
  created_at: Timestamp;
}

/** One line of a workspace's audit log, written in the transaction of the change it records. */
export interface WorkspaceAuditTable {
  id: string;
  workspace_id: string;
  at: Timestamp;
  seq: Generated<string>;
  actor_id: string;
  action: AuditAction;
  subject_id: string | null;
  subject_email: string | null;
  book_id: string | null;
  book_title: string | null;
  role: string | null;
  previous_role: string | null;
  seats: number | null;
  token_id: string | null;
  token_name: string | null;
  address: string | null;
}

/**
 * The Yjs state of a shared book's live document (decision 0043), as one update, with the manuscript
 * version (contracts' ManuscriptVersionSchema) it was taken at: it stands for the chapters only while they
 * are still at that version.
 */
export interface BookCollabStatesTable {
  book_id: string;
  state: Uint8Array;
  manuscript_version: string;
  /** Built from the chapters (book.collab.store-state), not saved by a live document (migration 0014). */
  built: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** A comment (comments/): a thread's first comment (its anchor, no thread) or a reply (its thread, no anchor). */
export interface BookCommentsTable {
  id: string;
  seq: Generated<string>;
  book_id: string;
  thread_id: string | null;
  author_id: string;
  body: string;
  /** JSONB, a thread's only: SQL null for a reply. */
  anchor: ColumnType<CommentAnchor | null, string | null, string | null>;
  created_at: Timestamp;
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: string | null;
}

export interface BookDatabase {
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_audit: WorkspaceAuditTable;
  books: BooksTable;
  book_members: BookMembersTable;
  book_invitations: BookInvitationsTable;
  book_invitation_links: BookInvitationLinksTable;
  book_revisions: BookRevisionsTable;
  book_chapters: BookChaptersTable;
  book_collab_states: BookCollabStatesTable;
  book_comments: BookCommentsTable;
}

/**
 * A book as the repository reads it: the row, with its manuscript joined from its chapters (null when it
 * has none yet). Only the manuscript save's locked read leaves the text out (it compares hashes).
 */
export type BookRow = Selectable<BooksTable> & { book_content: string | null };
