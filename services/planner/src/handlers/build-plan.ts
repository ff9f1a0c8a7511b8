import {
  bookTypeOf,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  requests,
  type BookState,
  type events,
} from '@bookwright/contracts';
import type { EventMeta } from '@bookwright/kit';
import { LlmError } from '@bookwright/ai';
import type { z } from 'zod';
import { planMessages } from '../domain/plan-prompts';
import { normalizePlan } from '../domain/normalize-plan';
import type { PlannerHandlerDeps } from './deps';

export const planFailureReasons = {
  invalid: 'The AI could not produce a valid plan for this book. Retry to try again.',
  unavailable: 'The AI service did not answer while planning this book. Retry in a few minutes.',
} as const;

/**
 * Builds the plan for a book in status planning and hands it to the book service. Idempotent: a book that
 * is no longer planning (a redelivery, a duplicate) is left alone.
 */
export function buildPlan(deps: PlannerHandlerDeps) {
  return async ({ bookId }: z.output<(typeof events.bookPlanningRequested)['schema']>, meta: EventMeta) => {
    const brief = await deps.bus.request(requests.book.getBrief, { bookId });
    if (brief.status !== 'planning') {
      meta.logger.info({ bookId, status: brief.status }, 'planning request for a book that moved on: skipped');
      return;
    }
    const bookType = bookTypeOf(brief.genre);
    const request = {
      prompt: brief.prompt,
      title: brief.title,
      language: brief.language,
      targetAudience: brief.targetAudience,
      genre: brief.genre,
      size: 'short' as const,
    };
    let state: BookState;
    try {
      const schema = bookType === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
      const result = await deps.llm.generateStructured<BookState>(
        schema,
        bookType === 'fiction' ? 'fiction_book_plan' : 'non_fiction_book_plan',
        planMessages(request, bookType),
        {
          task: { kind: 'plan', bookType, request },
          bookId,
        },
      );
      state = normalizePlan(result.value);
    } catch (error) {
      const retryable = !(error instanceof LlmError) || error.retryable;
      if (retryable && meta.deliveryCount < deps.maxDeliver) throw error; // redelivered after a back-off
      const reason = retryable ? planFailureReasons.unavailable : planFailureReasons.invalid;
      meta.logger.warn({ err: error, bookId, deliveryCount: meta.deliveryCount }, 'planning failed for good');
      await deps.bus.request(requests.book.recordFailure, { bookId, step: 'planning', reason });
      return;
    }
    const { applied } = await deps.bus.request(requests.book.recordPlan, { bookId, bookState: state });
    meta.logger.info({ bookId, applied }, 'plan recorded');
  };
}
