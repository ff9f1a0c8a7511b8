import {
  bookTypeOf,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  type BookState,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { giveUpOnLastDelivery, type EventMeta } from '@bookwright/kit';
import { LlmError } from '@bookwright/ai';
import type { z } from 'zod';
import { planFailureReason, planFailureReasons } from '../domain/failure-reasons';
import { planMessages } from '../domain/plan-prompts';
import { normalizePlan } from '../domain/normalize-plan';
import { composePlan } from '../offline/compose-plan';
import type { PlannerHandlerDeps } from './deps';

type PlanningRequested = z.output<(typeof events.bookPlanningRequested)['schema']>;

/**
 * book.planning-requested → planner.plan-built, or planner.plan-failed with a reason. The planner only
 * plans: it reads nothing and stores nothing, and the book service decides what the answer changes (an
 * answer for an attempt the book no longer waits for is ignored there). A model that refuses or stays
 * invalid fails at once; a model that is unreachable is retried through the bus's redeliveries, and
 * the last delivery fails the plan rather than leaving the book waiting.
 */
export function onBookPlanningRequested(deps: PlannerHandlerDeps) {
  const plan = async (data: PlanningRequested, meta: EventMeta): Promise<void> => {
    const { bookId, userId, attempt, brief } = data;
    const bookType = bookTypeOf(brief.genre);
    const request = { ...brief, size: 'short' as const };
    const schema = bookType === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
    let state: BookState;
    try {
      const result = await deps.llm.generateStructured<BookState>(
        schema,
        bookType === 'fiction' ? 'fiction_book_plan' : 'non_fiction_book_plan',
        planMessages(request, bookType),
        { task: { kind: 'plan', bookType, request }, offline: () => composePlan(bookType, request), bookId },
      );
      state = normalizePlan(result.value);
    } catch (error) {
      if (error instanceof LlmError && !error.retryable) {
        meta.logger.warn({ err: error, bookId }, 'the model could not plan this book');
        await publishFailure(deps, data, planFailureReasons.invalid, meta);
        return;
      }
      throw error; // redelivered after a back-off; the last delivery gives up below
    }
    await deps.bus.publish(
      events.planBuilt,
      { bookId, userId, attempt, bookState: state },
      { id: `${meta.id}:plan-built`, correlationId: meta.correlationId },
    );
    meta.logger.info({ bookId, attempt }, 'plan built');
  };
  return giveUpOnLastDelivery(plan, async (data, error, meta) => {
    await publishFailure(deps, data, planFailureReason(error), meta);
  });
}

async function publishFailure(deps: PlannerHandlerDeps, data: PlanningRequested, reason: string, meta: EventMeta) {
  await deps.bus.publish(
    events.planFailed,
    { bookId: data.bookId, userId: data.userId, attempt: data.attempt, reason },
    { id: `${meta.id}:plan-failed`, correlationId: meta.correlationId },
  );
  meta.logger.warn({ bookId: data.bookId, attempt: data.attempt, reason }, 'planning failed for good');
}
