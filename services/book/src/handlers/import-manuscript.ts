import { AppError, chapterCharacters, estimatePages, TiptapDocumentSchema } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { requirePlan } from '../domain/allowance';
import { importedBookRow } from '../domain/imported-book';
import { presentBook } from '../domain/present-book';
import { wordCountOf } from '../domain/revision-policy';
import { booksRepository } from '../repositories/books.repository';
import { roleOn } from '../access/book-access';
import type { BookRow } from '../db/schema';
import { announceNewBook } from '../domain/announce-new-book';
import { requireMember } from '../workspaces/workspace-access';
import type { BookHandlerDeps } from './deps';
import { keepRevision } from '../domain/revision-snapshots';
import { forgetBookImages, storeImportedImages, withBookImages } from '../domain/imported-images';

type Def = typeof requests.book.importManuscript;

/**
 * POST /book/import, its book: a new book in ready holding the converted manuscript (the export service
 * left it in the blob store), kept as the revision "As imported". It needs a plan, like every book (402
 * before anything is stored), but reserves nothing: an import uses no AI and is not one of the month's
 * books. book.created and book.ready go out through the outbox with the row. The request id keys the book,
 * so a retried request finds the book it created.
 */
export function importManuscript(deps: BookHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const { userId: requester, requestId, workspaceId } = input;
    const workspace = workspaceId
      ? (await requireMember(deps.db, { userId: requester, workspaceId })).workspace
      : undefined;
    // A workspace's book is its owner's, who pays for the plan; the member who imports it made it.
    const userId = workspace?.owner_id ?? requester;
    const present = async (row: BookRow) => presentBook(row, (await roleOn(deps.db, requester, row)) ?? 'owner');
    const key = `import:${requestId}`;
    const earlier = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
    if (earlier) return present(earlier);

    await requirePlan(deps, userId, requestId);
    const blob = await deps.blobs.get(input.contentBlobKey);
    if (!blob) throw new AppError(400, `No manuscript under ${input.contentBlobKey}`);
    const converted = TiptapDocumentSchema.parse(JSON.parse(blob.data.toString('utf8')));
    const bookId = deps.newId();
    // The images first, under the new book's id: the book is stored only once everything it names is.
    const document = withBookImages(converted, bookId, await storeImportedImages(deps, bookId, input.images));
    const content = JSON.stringify(document);
    const words = wordCountOf(document);
    const created = await deps.db
      .transaction()
      .execute(async (trx) => {
        const row = await booksRepository.insert(trx, {
          ...importedBookRow({
            id: bookId,
            userId,
            idempotencyKey: key,
            title: input.title,
            language: input.language,
            genre: input.genre,
            author: input.author,
            rights: input.rights,
            words,
            fileName: input.fileName,
          }),
          ...(workspace ? { workspace_id: workspace.id, created_by: requester } : {}),
          book_content: content,
        });
        if (!row) return undefined;
        await keepRevision(trx, deps, row.id, content, 'named', { name: 'As imported', wordCount: words });
        await announceNewBook(trx, deps, {
          row,
          userId,
          requester,
          workspace,
          genre: input.genre,
          language: input.language,
        });
        await enqueueEvent(trx, events.bookReady, {
          bookId: row.id,
          userId,
          words,
          pages: estimatePages(chapterCharacters(document)),
        });
        return row;
      })
      .catch(async (error: unknown) => {
        await forgetBookImages(deps, bookId);
        throw error;
      });
    if (!created) {
      await forgetBookImages(deps, bookId);
      // The same request, concurrently: it stored the book.
      const existing = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
      if (!existing) throw new Error('idempotency conflict without a row');
      return present(existing);
    }
    deps.relay.kick();
    deps.logger.info(
      { bookId: created.id, userId, createdBy: requester, workspaceId, words },
      'manuscript imported; book ready',
    );
    return present(created);
  };
}
