import { randomUUID } from 'node:crypto';
import { events, requests } from '@bookwright/contracts';
import {
  BaseConfigSchema,
  defineService,
  on,
  OutboxRelay,
  type Subscription,
  serveHealth,
  pingDatabase,
} from '@bookwright/kit';
import { migrations } from './db/migrations';
import type { BookDatabase } from './db/schema';
import type { BookHandlerDeps } from './handlers/deps';
import { createBook } from './handlers/create-book';
import { getBook, getBrief, listBooks } from './handlers/read-books';
import { setCover, updateBookState, updateContent, updateMetadata } from './handlers/edit-book';
import {
  completeManuscript,
  confirmBook,
  reannounceUnfinishedWork,
  recordFailure,
  recordPlan,
  retryBook,
  trackWritingProgress,
} from './handlers/book-lifecycle';
import { getRevision, getRewriteContext, listRevisions, restoreRevision } from './handlers/revisions';

/** Books: ownership, the status machine, the plan, the manuscript and the metadata. */
export const bookService = defineService({
  name: 'book',
  configSchema: BaseConfigSchema,
  async start({ logger, bus, blobs, openDatabase }) {
    const database = await openDatabase<BookDatabase>(migrations);
    const relay = new OutboxRelay({ db: database.db, bus, logger, events });
    relay.start();
    const deps: BookHandlerDeps = { db: database.db, relay, blobs, logger, newId: randomUUID };

    const subscriptions: Subscription[] = await Promise.all([
      serveHealth(bus, requests.book.health, () => pingDatabase(database.db)),
      bus.serve(requests.book.create, createBook(deps)),
      bus.serve(requests.book.list, listBooks(deps)),
      bus.serve(requests.book.get, getBook(deps)),
      bus.serve(requests.book.updateState, updateBookState(deps)),
      bus.serve(requests.book.setCover, setCover(deps)),
      bus.serve(requests.book.updateContent, updateContent(deps)),
      bus.serve(requests.book.updateMetadata, updateMetadata(deps)),
      bus.serve(requests.book.confirm, confirmBook(deps)),
      bus.serve(requests.book.retry, retryBook(deps)),
      bus.serve(requests.book.getBrief, getBrief(deps)),
      bus.serve(requests.book.recordPlan, recordPlan(deps)),
      bus.serve(requests.book.recordFailure, recordFailure(deps)),
      bus.serve(requests.book.completeManuscript, completeManuscript(deps)),
      bus.serve(requests.book.listRevisions, listRevisions(deps)),
      bus.serve(requests.book.getRevision, getRevision(deps)),
      bus.serve(requests.book.restoreRevision, restoreRevision(deps)),
      bus.serve(requests.book.rewriteContext, getRewriteContext(deps)),
      bus.consume('book', [on(events.bookChapterWritten, trackWritingProgress(deps))]),
    ]);
    await reannounceUnfinishedWork(deps);

    return {
      async ready() {
        await database.db.selectFrom('books').select('id').limit(1).execute();
        return true;
      },
      async stop() {
        await Promise.all(subscriptions.map((s) => s.stop()));
        await relay.stop();
        await database.close();
      },
    };
  },
});
