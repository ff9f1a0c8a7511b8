import { AppError, type BookStatus } from '@bookwright/contracts';

/** Where a book comes from before it has a status. */
export type BookOrigin = 'new';

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
 * Handlers name a move; `moveBook` answers the new status or refuses. Failed planning is retried as
 * planning, failed writing as writing (which resumes from the chapters already written).
 */
export const bookMoves = {
  create: {
    from: 'new',
    to: 'planning',
    trigger: 'POST /agent/plan: allowance reserved, book stored, planning requested',
    action: 'create the book',
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
} as const satisfies Record<string, BookMove>;

export type BookMoveName = keyof typeof bookMoves;

/** The author-facing 409 texts: what the book is doing now and why the action does not fit. */
const doing: Record<BookStatus, string> = {
  planning: 'is still being planned',
  validation: 'is waiting for you to review its structure',
  writing: 'is being written',
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

/** The move that retries a failed step. */
export const retryMoveFor = (failedStep: 'planning' | 'writing'): BookMoveName =>
  failedStep === 'writing' ? 'retryWriting' : 'retryPlanning';

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
  const now = from === 'new' ? 'does not exist yet' : doing[from];
  return new AppError(409, `You can't ${action} now: this book ${now}.`, { code: 'book_status' });
}
