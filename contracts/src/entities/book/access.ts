import { z } from 'zod';

/**
 * Who a person is on a book (issue 43). `owner` is whoever the book belongs to (and pays for its AI work);
 * the other four are given by the owner through a share.
 */
export const bookRoles = ['owner', 'coauthor', 'editor', 'commenter', 'viewer'] as const;
export const BookRoleSchema = z.enum(bookRoles).describe('Your role on the book: owner for your own books');
export type BookRole = z.infer<typeof BookRoleSchema>;

/** The roles an owner can give: everyone but the owner. */
export const sharedRoles = ['coauthor', 'editor', 'commenter', 'viewer'] as const;
export const SharedRoleSchema = z.enum(sharedRoles, {
  error: 'Choose a role: coauthor, editor, commenter or viewer',
});
export type SharedRole = z.infer<typeof SharedRoleSchema>;

/**
 * What can be done to a book, one word per row of the table:
 * - read: open it, read it, see its history (and its covers, validation and live events);
 * - export: EPUB and PDF files, and the takeout's copy;
 * - edit: change the text (and the plan) directly, restore and name versions;
 * - comment: comments and replies (a comment's text is changed or deleted by its author only);
 * - resolveComment: resolve and reopen anyone's comment threads;
 * - manage: metadata, cover, translate, AI rewrite and suggestions, and everything that spends an allowance;
 * - share: invite, change roles, remove people;
 * - delete: move to the trash, restore, delete forever.
 */
export const bookActions = [
  'read',
  'export',
  'edit',
  'comment',
  'resolveComment',
  'manage',
  'share',
  'delete',
] as const;
export const BookActionSchema = z.enum(bookActions);
export type BookAction = z.infer<typeof BookActionSchema>;

/** The table of issue 43: which role may do what. The one copy: the book service enforces it, the web reads it. */
export const bookPermissions: Record<BookRole, ReadonlySet<BookAction>> = {
  owner: new Set(bookActions),
  coauthor: new Set(['read', 'export', 'edit', 'comment', 'resolveComment', 'manage']),
  editor: new Set(['read', 'comment']),
  commenter: new Set(['read', 'comment']),
  viewer: new Set(['read']),
};

export function mayDo(role: BookRole, action: BookAction): boolean {
  return bookPermissions[role].has(action);
}

/** One line each, for the share dialog's role picker. */
export const roleDescriptions: Record<BookRole, string> = {
  owner: 'Owns the book: everything, including sharing and deleting it',
  coauthor: 'Writes and edits the text, metadata and cover, and exports',
  editor: 'Reads and comments; suggests changes to the text',
  commenter: 'Reads and comments',
  viewer: 'Reads only',
};

export const roleLabels: Record<BookRole, string> = {
  owner: 'Owner',
  coauthor: 'Co-author',
  editor: 'Editor',
  commenter: 'Commenter',
  viewer: 'Viewer',
};

const plural: Record<BookRole, string> = {
  owner: 'Owners',
  coauthor: 'Co-authors',
  editor: 'Editors',
  commenter: 'Commenters',
  viewer: 'Viewers',
};

const actionPhrases: Record<BookAction, string> = {
  read: 'open this book',
  export: 'export this book',
  edit: 'change the text',
  comment: 'comment',
  resolveComment: 'resolve comments',
  manage: "change this book's metadata, cover or AI work",
  share: 'share this book or change who is on it',
  delete: 'delete this book',
};

/** The 403 `{msg}` for a role that may not do an action: "Viewers can't change the text". */
export function refusalMessage(role: BookRole, action: BookAction): string {
  return `${plural[role]} can't ${actionPhrases[action]}`;
}
