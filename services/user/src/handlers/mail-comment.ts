import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { commentMail } from '../domain/comment-mail';
import { commentMailsRepository } from '../repositories/comment-mails.repository';
import type { UserHandlerDeps } from './deps';

type Def = (typeof requests.user)['mailComment'];

/**
 * Internal: the book service's comment mail (mentions, replies in one's thread). Each recipient is mailed
 * unless they turned "Mail me about comments" off, or were mailed about this book in the last 10 minutes
 * (the throttle is taken before sending, so two comments at once mail once). A mail that fails gives its
 * claim back and, once the others are sent, fails the request: the event is delivered again and only the
 * people not mailed yet are tried.
 */
export function mailComment(deps: UserHandlerDeps) {
  return async ({
    recipients,
    path,
    bookId,
    ...comment
  }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
    const people = new Map(
      (
        await commentMailsRepository.recipients(
          deps.db,
          recipients.map((r) => r.userId),
        )
      ).map((row) => [row.id, row]),
    );
    const mailed: string[] = [];
    let failure: unknown;
    for (const { userId, reason } of recipients) {
      const person = people.get(userId);
      if (!person?.mail_about_comments) continue;
      const now = deps.now();
      if (!(await commentMailsRepository.claim(deps.db, userId, bookId, now))) continue;
      try {
        await deps.mailer.send(
          commentMail({ ...comment, to: person.email, firstName: person.first_name, reason, link }),
        );
        mailed.push(userId);
      } catch (error) {
        await commentMailsRepository.release(deps.db, userId, bookId, now);
        deps.logger.error({ err: error, userId, bookId }, 'comment mail not sent; the event will try again');
        failure = error;
      }
    }
    if (failure !== undefined) throw failure;
    return { mailed };
  };
}
