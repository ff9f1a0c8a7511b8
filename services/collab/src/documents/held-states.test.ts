import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldStates } from './held-states';

const version = `m${'0'.repeat(64)}` as const;
const held = (bytes: number, stamp = '1') => ({
  state: new Uint8Array(bytes),
  stateVersion: version,
  stateStamp: stamp,
});

afterEach(() => vi.useRealTimers());

describe('the states of documents closed lately', () => {
  it('are taken once, and let go when their time is up', () => {
    vi.useFakeTimers();
    const states = new HeldStates({ keepMs: 60_000, maxBytes: 1_000 });
    states.keep('b1', held(10));
    states.keep('b2', held(20));
    expect(states.take('b1')?.state.byteLength).toBe(10);
    expect(states.take('b1')).toBeUndefined();
    vi.advanceTimersByTime(60_001);
    expect(states.take('b2')).toBeUndefined();
    expect(states.bytes).toBe(0);
  });

  it('hold no more bytes than allowed: the oldest go first, one larger than all is not kept', () => {
    const states = new HeldStates({ keepMs: 60_000, maxBytes: 100 });
    states.keep('b1', held(40));
    states.keep('b2', held(40));
    states.keep('b3', held(40));
    expect(states.bytes).toBe(80);
    expect(states.take('b1')).toBeUndefined();
    states.keep('b2', held(30, '2'));
    expect(states.bytes).toBe(70);
    states.keep('b4', held(101));
    expect(states.take('b4')).toBeUndefined();
    expect(states.take('b2')?.stateStamp).toBe('2');
    states.clear();
    expect(states.bytes).toBe(0);
  });
});
