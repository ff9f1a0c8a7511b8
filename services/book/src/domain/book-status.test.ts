import { describe, expect, it } from 'vitest';
import { AppError, BookStatusSchema, type BookStatus } from '@bookwright/contracts/http';
import type { bookEdits } from './book-status';
import {
  assertEditable,
  bookMoves,
  canMove,
  completeMoveFor,
  failMoveFor,
  moveBook,
  retryMoveFor,
  type BookMoveName,
} from './book-status';

const statuses = BookStatusSchema.options;
const origins = ['new', 'translation', 'import', ...statuses] as const;
const moveNames = Object.keys(bookMoves) as BookMoveName[];

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

// The documented table (docs/architecture.md, "The book status table"): from → to for every move.
const documented: Record<BookMoveName, [BookStatus | 'new' | 'translation' | 'import', BookStatus]> = {
  create: ['new', 'planning'],
  importManuscript: ['import', 'ready'],
  recordPlan: ['planning', 'validation'],
  failPlanning: ['planning', 'failed'],
  confirm: ['validation', 'writing'],
  completeManuscript: ['writing', 'ready'],
  failWriting: ['writing', 'failed'],
  retryPlanning: ['failed', 'planning'],
  retryWriting: ['failed', 'writing'],
  translate: ['translation', 'translating'],
  completeTranslation: ['translating', 'ready'],
  failTranslation: ['translating', 'failed'],
  retryTranslation: ['failed', 'translating'],
};

describe('the book status table', () => {
  it('has exactly the documented rows', () => {
    expect(Object.fromEntries(moveNames.map((m) => [m, [bookMoves[m].from, bookMoves[m].to]]))).toEqual(documented);
  });

  it('never leaves ready, and every status but ready can be left', () => {
    expect(moveNames.filter((m) => (bookMoves[m].from as string) === 'ready')).toEqual([]);
    for (const status of statuses.filter((s) => s !== 'ready'))
      expect(moveNames.some((m) => bookMoves[m].from === status)).toBe(true);
  });

  describe.each(moveNames)('%s', (move) => {
    const { from, to } = bookMoves[move];

    it(`is allowed from ${from} and leads to ${to}`, () => {
      expect(canMove(from, move)).toBe(true);
      expect(moveBook(from, move)).toBe(to);
    });

    it.each(origins.filter((s) => s !== from))('is refused from %s with a 409 {msg}', (status) => {
      expect(canMove(status, move)).toBe(false);
      const error = refusal(() => moveBook(status, move));
      expect(error.status).toBe(409);
      expect(error.message).toMatch(/^You can't .+ now: this book .+\.$/);
    });
  });

  it('says what the book is doing in the refusal', () => {
    expect(refusal(() => moveBook('planning', 'confirm')).message).toBe(
      "You can't confirm the structure now: this book is still being planned.",
    );
    expect(refusal(() => moveBook('ready', 'retryPlanning')).message).toBe(
      "You can't retry now: this book is already written.",
    );
  });

  it('retries the step that failed', () => {
    expect(bookMoves[retryMoveFor('planning')].to).toBe('planning');
    expect(bookMoves[retryMoveFor('writing')].to).toBe('writing');
    expect(bookMoves[retryMoveFor('translating')].to).toBe('translating');
  });

  it('fails and completes each kind of work from its own status', () => {
    for (const step of ['planning', 'writing', 'translating'] as const) {
      expect(bookMoves[failMoveFor(step)]).toMatchObject({ from: step, to: 'failed' });
    }
    expect(bookMoves[completeMoveFor('writing')]).toMatchObject({ from: 'writing', to: 'ready' });
    expect(bookMoves[completeMoveFor('translating')]).toMatchObject({ from: 'translating', to: 'ready' });
  });

  it('says a translation is being translated', () => {
    expect(refusal(() => moveBook('translating', 'confirm')).message).toBe(
      "You can't confirm the structure now: this book is being translated.",
    );
  });
});

describe('edits that keep the status', () => {
  const allowed: Record<keyof typeof bookEdits, BookStatus[]> = {
    structure: ['validation', 'ready'],
    manuscript: ['ready'],
  };
  for (const [edit, inStatuses] of Object.entries(allowed) as [keyof typeof bookEdits, BookStatus[]][]) {
    it.each(statuses)(`${edit} in %s`, (status) => {
      if (inStatuses.includes(status)) expect(() => assertEditable(status, edit)).not.toThrow();
      else expect(refusal(() => assertEditable(status, edit)).status).toBe(409);
    });
  }
});
