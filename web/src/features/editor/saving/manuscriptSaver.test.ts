import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveOutcome } from './conditionalRequests';
import { autosaveTiming, ManuscriptSaver, type SaveState, type SaverHooks } from './manuscriptSaver';

const saved = (etag: string): SaveOutcome => ({ kind: 'saved', book: {} as never, etag });

/** A saver over a fake editor: `type()` edits it, `answers` decide what each send gets back. */
function setup({ autosave = true, answers = [] as (() => SaveOutcome | Promise<SaveOutcome>)[] } = {}) {
  let version = 0;
  let etagCount = 1;
  const sends: { bookContent: string; etag: string | undefined; requestId: string; keepalive: boolean }[] = [];
  const states: SaveState[] = [];
  const hooks: SaverHooks = {
    snapshot: () => ({ bookContent: `text v${version}`, version }),
    send: (bookContent, etag, requestId, keepalive) => {
      sends.push({ bookContent, etag, requestId, keepalive });
      const answer = answers.shift();
      return Promise.resolve(answer ? answer() : saved(`"e${++etagCount}"`));
    },
    newRequestId: () => `request-${sends.length}`,
    saved: vi.fn(),
    conflict: vi.fn(),
    failed: vi.fn(),
    stateChanged: (state) => states.push(state),
  };
  const saver = new ManuscriptSaver(hooks, '"e1"', 0, autosave);
  const type = () => {
    version += 1;
    saver.changed();
  };
  return { saver, hooks, sends, states, type };
}

/** Lets the fake send's promise and the saver's handling of it run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the autosave schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 2 s after the last keystroke, not before', async () => {
    const { sends, type, saver } = setup();
    type();
    await vi.advanceTimersByTimeAsync(1_500);
    type();
    await vi.advanceTimersByTimeAsync(autosaveTiming.quietMs - 1);
    expect(sends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ bookContent: 'text v2', etag: '"e1"', keepalive: false });
    expect(saver.state).toBe('saved');
  });

  it('saves at least every 15 s while typing goes on', async () => {
    const { sends, type } = setup();
    for (let elapsed = 0; elapsed < autosaveTiming.maxWaitMs; elapsed += 1_000) {
      type();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(sends).toHaveLength(1);
    expect(sends[0]?.bookContent).toBe('text v15');
  });

  it('sends If-Match with the ETag of the last save every time', async () => {
    const { sends, type } = setup();
    type();
    await vi.advanceTimersByTimeAsync(autosaveTiming.quietMs);
    type();
    await vi.advanceTimersByTimeAsync(autosaveTiming.quietMs);
    expect(sends.map((s) => s.etag)).toEqual(['"e1"', '"e2"']);
  });

  it('keeps one save in flight; changes made meanwhile go in the next one', async () => {
    let release: (outcome: SaveOutcome) => void = () => undefined;
    const { sends, type, saver } = setup({
      answers: [() => new Promise<SaveOutcome>((resolve) => (release = resolve))],
    });
    type();
    void saver.saveNow(true);
    type();
    void saver.saveNow(true);
    void saver.saveNow(true);
    expect(sends).toHaveLength(1);
    release(saved('"e2"'));
    await settle();
    expect(sends).toHaveLength(2);
    expect(sends[1]).toMatchObject({ bookContent: 'text v2', etag: '"e2"' });
    await settle();
    expect(saver.state).toBe('saved');
  });

  it('answers a Save pressed during an autosave that already holds every change', async () => {
    let release: (outcome: SaveOutcome) => void = () => undefined;
    const { sends, type, saver, hooks } = setup({
      answers: [() => new Promise<SaveOutcome>((resolve) => (release = resolve))],
    });
    type();
    void saver.saveNow();
    void saver.saveNow(true);
    release(saved('"e2"'));
    await settle();
    expect(sends).toHaveLength(1);
    expect(hooks.saved).toHaveBeenCalledWith({ bookContent: 'text v1', version: 1 }, expect.anything(), true);
  });

  it('with autosave off, saves only when asked', async () => {
    const { sends, type, saver } = setup({ autosave: false });
    type();
    await vi.advanceTimersByTimeAsync(autosaveTiming.maxWaitMs * 2);
    expect(sends).toHaveLength(0);
    expect(saver.state).toBe('pending');
    saver.leave(() => true);
    expect(sends).toHaveLength(0);
    await saver.saveNow(true);
    expect(sends).toHaveLength(1);
  });

  it('on leaving, sends the last changes with keepalive when they fit, else keeps them for the draft', async () => {
    const { sends, type, saver } = setup();
    type();
    saver.leave(() => false);
    expect(sends).toHaveLength(0);
    saver.leave(() => true);
    expect(sends).toEqual([expect.objectContaining({ bookContent: 'text v1', keepalive: true })]);
    await settle();
    // Nothing new: leaving again sends nothing.
    saver.leave(() => true);
    expect(sends).toHaveLength(1);
  });

  it('retries failures with exponential back-off, "offline" without an answer, and at once on Retry now', async () => {
    const { sends, type, saver, states } = setup({
      answers: [
        () => ({ kind: 'offline' }),
        () => ({ kind: 'failed', status: 503 }),
        () => ({ kind: 'failed', status: 503 }),
      ],
    });
    type();
    await saver.saveNow();
    expect(saver.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(autosaveTiming.firstRetryMs);
    expect(sends).toHaveLength(2);
    expect(saver.state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(autosaveTiming.firstRetryMs * 2 - 1);
    expect(sends).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toHaveLength(3);
    await saver.retryNow();
    expect(sends).toHaveLength(4);
    expect(saver.state).toBe('saved');
    // Tries of one text are one action: one request id.
    expect(new Set(sends.map((s) => s.requestId)).size).toBe(1);
    expect(states).toEqual([
      'pending',
      'saving',
      'offline',
      'saving',
      'retrying',
      'saving',
      'retrying',
      'saving',
      'saved',
    ]);
  });

  it('does not retry by itself a text the server refuses (4xx), and says why once', async () => {
    const { sends, type, saver, hooks } = setup({
      answers: [() => ({ kind: 'failed', status: 403, msg: 'You need an active plan' })],
    });
    type();
    await saver.saveNow();
    expect(saver.state).toBe('refused');
    expect(hooks.failed).toHaveBeenCalledWith({ kind: 'failed', status: 403, msg: 'You need an active plan' }, true);
    await vi.advanceTimersByTimeAsync(autosaveTiming.maxRetryMs * 2);
    expect(sends).toHaveLength(1);
    // Typing on tries again, on autosave's clock.
    type();
    expect(saver.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(autosaveTiming.quietMs);
    expect(sends).toHaveLength(2);
  });

  it('tries again at once when the connection comes back', async () => {
    const { sends, type, saver } = setup({ answers: [() => ({ kind: 'offline' })] });
    type();
    await saver.saveNow();
    saver.online();
    await settle();
    expect(sends).toHaveLength(2);
    expect(saver.state).toBe('saved');
  });

  it('on 412 stops and waits for the author; resolving saves on the chosen version', async () => {
    const { sends, type, saver, hooks } = setup({ answers: [() => ({ kind: 'conflict' })] });
    type();
    await saver.saveNow();
    expect(saver.state).toBe('conflict');
    expect(hooks.conflict).toHaveBeenCalledWith({ bookContent: 'text v1', version: 1 });
    type();
    await vi.advanceTimersByTimeAsync(autosaveTiming.maxWaitMs);
    expect(sends).toHaveLength(1);
    saver.resolved('"other"');
    await settle();
    expect(sends[1]).toMatchObject({ etag: '"other"', bookContent: 'text v2' });
  });
});
