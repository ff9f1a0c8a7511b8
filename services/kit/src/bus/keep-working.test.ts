import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger/logger';
import type { EventMeta } from './bus';
import { keepWorking } from './keep-working';

describe('keepWorking', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const meta = (working: () => void): EventMeta => ({
    id: 'e1',
    name: 'test.event',
    version: 1,
    occurredAt: new Date(0).toISOString(),
    correlationId: undefined,
    deliveryCount: 1,
    logger: silentLogger(),
    working,
  });

  it('says the delivery is still being worked on while the handler runs, and stops when it ends', async () => {
    let finish: () => void = () => {};
    const working = vi.fn();
    const handled = keepWorking<{ n: number }>(() => new Promise<void>((resolve) => (finish = resolve)), 1_000)(
      { n: 1 },
      meta(working),
    );

    await vi.advanceTimersByTimeAsync(3_500);
    expect(working).toHaveBeenCalledTimes(3);
    finish();
    await handled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(working).toHaveBeenCalledTimes(3);
  });

  it('stops as well when the handler throws, and throws its error on', async () => {
    const working = vi.fn();
    const handled = keepWorking<{ n: number }>(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      throw new Error('model unreachable');
    }, 1_000)({ n: 1 }, meta(working));
    const outcome = expect(handled).rejects.toThrow('model unreachable');
    await vi.advanceTimersByTimeAsync(1_500);
    await outcome;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
