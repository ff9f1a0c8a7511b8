import { AppError, type BookStatus, type FailedStep } from '@bookwright/contracts/http';

/**
 * Where a book comes from before it has a status: a plan request, the translation of a ready book, or a
 * manuscript the author imports (issue 46).
 */
export type BookOrigin = 'new' | 'translation' | 'import';

export interface BookMove {
  from: BookStatus | BookOrigin;
  to: BookStatus;
  /** What makes the move (documented in docs/architecture.md, "The book status table"). */
  trigger: string;
  /** The refused 409 reads "You can't <action> now: this book <what it is doing>." */
  action: string;
}

/**
 * Every status a book can be in and every move between them: the one place a book's status changes.
 * The trash is not a status: a trashed book keeps the status it had (so a restore brings it back whole),
 * its work stops, and nothing moves it while it is there (domain/owned-book.ts ignores answers for it).
 * Restoring it asks for its unfinished work again without a move (handlers/restore.ts).
 * Handlers name a move; `moveBook` answers the new status or refuses. Failed planning is retried as
 * planning, failed writing as writing and a failed translation as translating (both resume from the
 * chapters already done). A translation is a new book: it starts in translating, never in planning.
 */
export const bookMoves = {
  create: {
    from: 'new',
    to: 'planning',
    trigger: 'POST /agent/plan: allowance reserved, book stored, planning requested',
    action: 'create the book',
  },
  importManuscript: {
    from: 'import',
    to: 'ready',
    trigger: 'POST /book/import: a manuscript file converted by the export service, no allowance used',
    action: 'import a manuscript',
  },
  recordPlan: {
    from: 'planning',
    to: 'validation',
    trigger: 'planner.plan-built for the current attempt, plan valid and stored',
    action: 'store a plan',
  },
  failPlanning: {
    from: 'planning',
    to: 'failed',
    trigger:
      'planner.plan-failed, an invalid plan, a plan the store rejects on its last delivery, or no answer for BOOK_STALLED_AFTER_MS',
    action: 'fail planning',
  },
  confirm: {
    from: 'validation',
    to: 'writing',
    trigger: 'PATCH /agent/write/{id}: the author confirms the structure',
    action: 'confirm the structure',
  },
  completeManuscript: {
    from: 'writing',
    to: 'ready',
    trigger: 'book.manuscript.complete from the writer',
    action: 'complete the manuscript',
  },
  failWriting: {
    from: 'writing',
    to: 'failed',
    trigger:
      'book.failure.record from the writer (chapter attempts used up, no chapters, last delivery), or no progress for BOOK_STALLED_AFTER_MS',
    action: 'fail writing',
  },
  translate: {
    from: 'translation',
    to: 'translating',
    trigger:
      'POST /book/{id}/translate on a ready book: translation allowance reserved, new book stored, translation requested',
    action: 'translate the book',
  },
  completeTranslation: {
    from: 'translating',
    to: 'ready',
    trigger: 'book.manuscript.complete from the writer, for a translation',
    action: 'complete the translation',
  },
  failTranslation: {
    from: 'translating',
    to: 'failed',
    trigger:
      'book.failure.record from the writer (chapter attempts used up, source unreadable, last delivery), or no progress for BOOK_STALLED_AFTER_MS',
    action: 'fail the translation',
  },
  retryPlanning: {
    from: 'failed',
    to: 'planning',
    trigger: 'POST /book/{id}/retry after failed planning: allowance reserved again',
    action: 'retry',
  },
  retryWriting: {
    from: 'failed',
    to: 'writing',
    trigger: 'POST /book/{id}/retry after failed writing: allowance reserved again',
    action: 'retry',
  },
  retryTranslation: {
    from: 'failed',
    to: 'translating',
    trigger: 'POST /book/{id}/retry after a failed translation: translation allowance reserved again (resumes)',
    action: 'retry',
  },
} as const satisfies Record<string, BookMove>;

export type BookMoveName = keyof typeof bookMoves;

/** The author-facing 409 texts: what the book is doing now and why the action does not fit. */
const doing: Record<BookStatus, string> = {
  planning: 'is still being planned',
  validation: 'is waiting for you to review its structure',
  writing: 'is being written',
  translating: 'is being translated',
  ready: 'is already written',
  failed: 'stopped with an error',
};

export function canMove(from: BookStatus | BookOrigin, move: BookMoveName): boolean {
  return bookMoves[move].from === from;
}

/** The status after `move`, or 409 `{msg}` when the book's status does not allow it. */
export function moveBook(from: BookStatus | BookOrigin, move: BookMoveName): BookStatus {
  const rule = bookMoves[move];
  if (rule.from !== from) throw refused(from, rule.action);
  return rule.to;
}

const retryMoves: Record<FailedStep, BookMoveName> = {
  planning: 'retryPlanning',
  writing: 'retryWriting',
  translating: 'retryTranslation',
};
const failMoves: Record<FailedStep, BookMoveName> = {
  planning: 'failPlanning',
  writing: 'failWriting',
  translating: 'failTranslation',
};

/** The move that retries a failed step. */
export const retryMoveFor = (failedStep: FailedStep): BookMoveName => retryMoves[failedStep];

/** The move that fails a step. */
export const failMoveFor = (step: FailedStep): BookMoveName => failMoves[step];

/** The move that stores a finished manuscript: the book's own writing, or a translation's. */
export const completeMoveFor = (status: BookStatus): BookMoveName =>
  status === 'translating' ? 'completeTranslation' : 'completeManuscript';

/**
 * What the author may change without moving the book, by status. Metadata and the cover can change in
 * any status; the structure once there is a plan; the manuscript once it is written.
 */
export const bookEdits = {
  structure: { in: ['validation', 'ready'], action: 'edit the structure' },
  manuscript: { in: ['ready'], action: 'edit the manuscript' },
} as const satisfies Record<string, { in: readonly BookStatus[]; action: string }>;

export function assertEditable(status: BookStatus, edit: keyof typeof bookEdits): void {
  const rule = bookEdits[edit];
  if (!(rule.in as readonly BookStatus[]).includes(status)) throw refused(status, rule.action);
}

function refused(from: BookStatus | BookOrigin, action: string): AppError {
  const now = from === 'new' || from === 'translation' || from === 'import' ? 'does not exist yet' : doing[from];
  return new AppError(409, `You can't ${action} now: this book ${now}.`, { code: 'book_status' });
}
