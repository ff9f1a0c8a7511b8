import { afterEach, describe, expect, it } from 'vitest';
import { events, type PlanningBrief } from '@bookwright/contracts/events';
import { type BookState, type FictionBookState } from '@bookwright/contracts/http';
import { LlmError, type LlmCallOptions, type LlmProvider } from '@bookwright/ai';
import {
  createInProcessBus,
  HANDLER_TRIES_BEFORE_DEAD_LETTER,
  on,
  parseConfig,
  silentLogger,
  type Bus,
  type RunningService,
} from '@bookwright/kit';
import { planFailureReasons } from './domain/failure-reasons';
import { createPlannerService, PlannerConfigSchema } from './service';

const brief: PlanningBrief = {
  prompt: 'Two rival bakers share one oven in a snowed-in village.',
  title: 'One Oven',
  language: 'polish',
  targetAudience: 'Adults',
  genre: 'romance',
  size: 'short',
};

/** A plan whose chapters are numbered as models often do: per act, not in reading order. */
const modelPlan: FictionBookState = {
  expandedIdea: { subGenre: 'Cozy', emotionalTone: 'Warm', themes: ['rivalry'], centralConflict: 'One oven' },
  characters: [{ name: 'Ola', role: 'Baker', arc: 'Shares', personality: 'Proud', backstory: 'Bakery' }],
  plotOutline: {
    acts: [
      { actNumber: 1, description: 'Snow', chapters: [{ chapterNumber: 1, title: 'A', purpose: 'p', summary: 's' }] },
      { actNumber: 1, description: 'Thaw', chapters: [{ chapterNumber: 1, title: 'B', purpose: 'p', summary: 's' }] },
    ],
  },
};

/** A model whose every answer the test scripts; it records what it was asked. */
class ScriptedModel implements LlmProvider {
  readonly name = 'offline' as const;
  readonly model = 'scripted';
  readonly calls: { schemaName: string; prompt: string; options: LlmCallOptions }[] = [];
  constructor(private readonly answer: (call: number) => BookState | Error) {}

  async generateStructured<T>(
    _schema: unknown,
    schemaName: string,
    messages: { content: string }[],
    options: LlmCallOptions,
  ) {
    this.calls.push({ schemaName, prompt: messages.map((m) => m.content).join('\n'), options });
    const answer = this.answer(this.calls.length);
    if (answer instanceof Error) throw answer;
    return { value: answer as T, usage: { promptTokens: 1, completionTokens: 1 } };
  }

  async generateText(): Promise<never> {
    throw new Error('the planner writes no text');
  }

  async streamText(): Promise<never> {
    throw new Error('the planner writes no text');
  }
}

interface Answers {
  built: { bookId: string; attempt: number; bookState: BookState }[];
  failed: { bookId: string; attempt: number; reason: string }[];
}

const running: { bus: Bus; planner: RunningService }[] = [];
afterEach(async () => {
  for (const { bus, planner } of running.splice(0)) {
    await planner.stop();
    await bus.close();
  }
});

async function startPlanner(model: ScriptedModel): Promise<{ bus: Bus; answers: Answers }> {
  const bus = createInProcessBus({ logger: silentLogger(), namespace: 'planner_test', redeliveryBackoffMs: [10] });
  const answers: Answers = { built: [], failed: [] };
  await bus.consume('planner-test-observer', [
    on(events.planBuilt, async (data) => void answers.built.push(data)),
    on(events.planFailed, async (data) => void answers.failed.push(data)),
  ]);
  const planner = await createPlannerService({ llm: () => model }).start({
    name: 'planner',
    config: parseConfig(PlannerConfigSchema, { NODE_ENV: 'test', LLM_PROVIDER: 'offline' }),
    logger: silentLogger(),
    bus,
    blobs: undefined as never,
    openDatabase: () => Promise.reject(new Error('the planner owns no database')),
  });
  running.push({ bus, planner });
  return { bus, answers };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const request = (attempt = 1) => ({ bookId: 'book-1', userId: 'user-1', attempt, brief });

describe('the planner', () => {
  it('plans from the event alone and publishes the plan, in reading order, for the same attempt', async () => {
    const model = new ScriptedModel(() => modelPlan);
    const { bus, answers } = await startPlanner(model);
    await bus.publish(events.bookPlanningRequested, request(3));

    await until('the plan', () => answers.built.length === 1);
    expect(answers.failed).toEqual([]);
    const built = answers.built[0]!;
    expect(built).toMatchObject({ bookId: 'book-1', userId: 'user-1', attempt: 3 });
    const acts = (built.bookState as FictionBookState).plotOutline.acts;
    expect(acts.map((a) => a.actNumber)).toEqual([1, 2]);
    expect(acts.flatMap((a) => a.chapters.map((c) => c.chapterNumber))).toEqual([1, 2]);
    // The brief reached the model: the author's prompt and language, for a fiction plan.
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.schemaName).toBe('fiction_book_plan');
    expect(model.calls[0]!.prompt).toContain(brief.prompt);
    expect(model.calls[0]!.prompt).toContain('Polish');
    expect(model.calls[0]!.options).toMatchObject({ bookId: 'book-1', task: { kind: 'plan', bookType: 'fiction' } });
  });

  it('publishes a failure at once when the model cannot produce a valid plan', async () => {
    const model = new ScriptedModel(() => new LlmError('invalid after repair', false));
    const { bus, answers } = await startPlanner(model);
    await bus.publish(events.bookPlanningRequested, request());

    await until('the failure', () => answers.failed.length === 1);
    expect(answers.failed[0]).toEqual({
      bookId: 'book-1',
      userId: 'user-1',
      attempt: 1,
      reason: planFailureReasons.invalid,
    });
    expect(model.calls).toHaveLength(1);
    expect(answers.built).toEqual([]);
  });

  it('tries again while the model is unreachable and plans when it answers', async () => {
    const model = new ScriptedModel((call) => (call < 3 ? new LlmError('503', true) : modelPlan));
    const { bus, answers } = await startPlanner(model);
    await bus.publish(events.bookPlanningRequested, request());

    await until('the plan', () => answers.built.length === 1);
    expect(model.calls).toHaveLength(3);
    expect(answers.failed).toEqual([]);
  });

  it('publishes a failure on the last try when the model stays unreachable', async () => {
    const model = new ScriptedModel(() => new LlmError('503', true));
    const { bus, answers } = await startPlanner(model);
    await bus.publish(events.bookPlanningRequested, request());

    await until('the failure', () => answers.failed.length === 1);
    expect(answers.failed[0]!.reason).toBe(planFailureReasons.unavailable);
    expect(model.calls).toHaveLength(HANDLER_TRIES_BEFORE_DEAD_LETTER);
    expect(answers.built).toEqual([]);
  });

  it('publishes a failure on the last delivery when planning keeps breaking for another reason', async () => {
    const model = new ScriptedModel(() => new TypeError('bug'));
    const { bus, answers } = await startPlanner(model);
    await bus.publish(events.bookPlanningRequested, request());

    await until('the failure', () => answers.failed.length === 1);
    expect(answers.failed[0]!.reason).toBe(planFailureReasons.internal);
  });
});
