import type { BookSummary } from '@bookwright/contracts/http';

/** The address parameter of the library's workspace (`/app?workspace=<id>`); none is the personal library. */
export const workspaceParam = 'workspace';

/** The library of a workspace, or the personal one. */
export const libraryPath = (workspaceId?: string) =>
  workspaceId ? `/app?${workspaceParam}=${encodeURIComponent(workspaceId)}` : '/app';

/** The books of one workspace. */
export const workspaceBooks = (books: readonly BookSummary[], workspaceId: string) =>
  books.filter((book) => book.workspaceId === workspaceId);

/** The personal library: the books of no workspace ("My books" and "Shared with me" split these). */
export const personalBooks = (books: readonly BookSummary[]) => books.filter((book) => !book.workspaceId);
