import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { readThreads } from '../comments/read-threads';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['takeoutComments'];

/** The takeout's comments.json of a book it holds (trashed or not): the threads, as GET /book/{id}/comments. */
export function getTakeoutComments(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    if (!(await takeoutRepository.takeoutRole(deps.db, userId, bookId))) throw new AppError(404, apiMessages.notFound);
    return { comments: await readThreads(deps, bookId) };
  };
}
