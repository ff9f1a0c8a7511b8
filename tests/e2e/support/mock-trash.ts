import type { Page } from 'playwright-core';
import type { Book } from '@bookwright/contracts/http';
import { summaryOf } from './books';

const day = 24 * 60 * 60 * 1000;

export interface TrashCall {
  method: string;
  path: string;
  requestId: string | undefined;
}

/**
 * The trash routes of issue 19 on top of mockApi (routes added later answer first): the library leaves out
 * what is in the trash; DELETE moves, restore brings back, permanent deletes. `trashed` start in the trash.
 */
export async function mockTrash(page: Page, books: Book[], trashed: Book[] = []) {
  const trash = new Map<string, { book: Book; deletedAt: string }>(
    trashed.map((book, i) => [book._id, { book, deletedAt: new Date(Date.now() - (i * 20 + 2) * day).toISOString() }]),
  );
  const library = new Map(books.map((book) => [book._id, book]));
  const calls: TrashCall[] = [];
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });

  await page.route(/\/api\/v1\/book(\/trash|\/[^/]+(\/restore|\/permanent)?)?$/, async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace('/api/v1', '');
    const method = request.method();
    calls.push({ method, path, requestId: (await request.allHeaders())['x-request-id'] });
    const [, , id, action] = path.split('/');
    if (method === 'GET' && path === '/book') return route.fulfill(json(200, [...library.values()].map(summaryOf)));
    if (method === 'GET' && path === '/book/trash')
      return route.fulfill(
        json(
          200,
          [...trash.values()].map(({ book, deletedAt }) => ({
            ...summaryOf(book),
            deletedAt,
            purgeAt: new Date(new Date(deletedAt).getTime() + 30 * day).toISOString(),
          })),
        ),
      );
    if (method === 'DELETE' && id && !action) {
      const book = library.get(id);
      if (!book) return route.fulfill(json(409, { msg: 'This book is already in the trash' }));
      library.delete(id);
      trash.set(id, { book, deletedAt: new Date().toISOString() });
      return route.fulfill(json(200, { msg: 'Book moved to trash' }));
    }
    if (method === 'POST' && id && action === 'restore') {
      const entry = trash.get(id);
      if (!entry) return route.fulfill(json(409, { msg: 'This book is not in the trash' }));
      trash.delete(id);
      library.set(id, entry.book);
      return route.fulfill(json(200, { msg: 'Book restored' }));
    }
    if (method === 'DELETE' && id && action === 'permanent') {
      if (!trash.delete(id)) return route.fulfill(json(409, { msg: 'This book is not in the trash' }));
      return route.fulfill(json(200, { msg: 'Book deleted forever' }));
    }
    return route.fallback();
  });
  return calls;
}
