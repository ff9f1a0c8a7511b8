import { AppError, type BookStatus } from '@bookwright/contracts';

/** The author-facing 409 texts: what the book is doing now and why the action does not fit. */
const doing: Record<BookStatus, string> = {
  planning: 'is still being planned',
  validation: 'is waiting for you to review its structure',
  writing: 'is being written',
  ready: 'is already written',
  failed: 'stopped with an error',
};

export function assertStatus(status: BookStatus, allowed: readonly BookStatus[], action: string): void {
  if (!allowed.includes(status))
    throw new AppError(409, `You can't ${action} now: this book ${doing[status]}.`, { code: 'book_status' });
}
