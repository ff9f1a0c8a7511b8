import { AppError, revisionMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type VersionDef = typeof requests.book.takeoutVersion;

/** The text of one version for the takeout. */
export function getTakeoutVersion(deps: BookHandlerDeps) {
  return async ({
    userId,
    bookId,
    revisionId,
  }: z.output<VersionDef['request']>): Promise<z.input<VersionDef['response']>> => {
    const bookContent = await takeoutRepository.findVersionContent(deps.db, userId, bookId, revisionId);
    if (bookContent === undefined) throw new AppError(404, revisionMessages.notFound);
    return { bookContent };
  };
}
