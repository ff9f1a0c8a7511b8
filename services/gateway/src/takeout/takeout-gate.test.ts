import { describe, expect, it } from 'vitest';
import { createMemoryWindowCounters } from '@bookwright/kit';
import { createTakeoutGate, takeoutLeaseMs, type TakeoutTurn } from './takeout-gate';

const hour = 3_600_000;

function gateOf(now: () => number, limit = 2) {
  const counters = createMemoryWindowCounters(now);
  return createTakeoutGate({ counters, limit, windowMs: hour, onEndFailed: () => undefined, now });
}

function ended(turn: TakeoutTurn): void {
  if (!turn.started) throw new Error(`not started: ${turn.reason}`);
  turn.end();
}

describe('the takeout gate', () => {
  it('lets one takeout of an author run at a time; a refused one uses nothing of the hour', async () => {
    const gate = gateOf(Date.now);
    const first = await gate.begin('ada');
    expect(first.started).toBe(true);
    for (let i = 0; i < 5; i += 1) expect(await gate.begin('ada')).toEqual({ started: false, reason: 'running' });
    // Another author is not held back.
    ended(await gate.begin('grace'));
    ended(first);
    // The five refusals counted nothing: the second of the two allowed still starts.
    ended(await gate.begin('ada'));
    const third = await gate.begin('ada');
    expect(third).toMatchObject({ started: false, reason: 'allowance' });
    // Refused for the allowance, it did not keep the place: the next refusal is the allowance's again.
    expect(await gate.begin('ada')).toMatchObject({ started: false, reason: 'allowance' });
  });

  it('says when the hour frees up, and starts again once it has', async () => {
    let now = 1_000_000;
    const gate = gateOf(() => now, 1);
    ended(await gate.begin('ada'));
    now += 10 * 60_000;
    const refused = await gate.begin('ada');
    expect(refused).toEqual({ started: false, reason: 'allowance', retryAfterSeconds: 50 * 60 });
    now += 50 * 60_000;
    expect((await gate.begin('ada')).started).toBe(true);
  });

  it("hands the place back once, however many times the takeout's end is reported", async () => {
    const gate = gateOf(Date.now, 10);
    const first = await gate.begin('ada');
    if (!first.started) throw new Error('not started');
    first.end();
    first.end();
    const second = await gate.begin('ada');
    expect(second.started).toBe(true);
    // A repeated end of the first takeout does not free the second's place.
    first.end();
    expect(await gate.begin('ada')).toEqual({ started: false, reason: 'running' });
  });

  it('lets the place of a takeout whose replica died lapse with its lease', async () => {
    let now = 1_000_000;
    const gate = gateOf(() => now, 10);
    expect((await gate.begin('ada')).started).toBe(true); // never ended: its replica is gone
    now += takeoutLeaseMs - 1;
    expect(await gate.begin('ada')).toEqual({ started: false, reason: 'running' });
    now += 1;
    expect((await gate.begin('ada')).started).toBe(true);
  });
});
