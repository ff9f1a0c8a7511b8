import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollabToken } from './collabContract';
import { minRefreshDelayMs, refreshDelay, refreshLeadMs, TokenKeeper } from './tokenKeeper';

const minutes = (n: number) => n * 60_000;
const start = Date.parse('2026-11-28T10:00:00Z');

function tokenUntil(expiresAt: number, n: number): CollabToken {
  return {
    token: `t${n}`,
    expiresAt: new Date(expiresAt).toISOString(),
    role: 'coauthor',
    readOnly: false,
    url: '/collab',
    documentName: 'book:b1',
  };
}

/** A keeper whose server answers a token valid 5 minutes from the (fake) now, or what `answer` says. */
function keeper(answer?: (n: number) => Promise<CollabToken>) {
  let n = 0;
  const fetchToken = vi.fn(() => {
    n += 1;
    return answer ? answer(n) : Promise.resolve(tokenUntil(Date.now() + minutes(5), n));
  });
  const refreshToken = vi.fn();
  const accessRefused = vi.fn();
  return {
    keeper: new TokenKeeper({ fetchToken, refreshToken, accessRefused }),
    fetchToken,
    refreshToken,
    accessRefused,
  };
}

describe('when a collab token is renewed', () => {
  it('is a minute before it expires, or halfway through a shorter life, never sooner than the floor', () => {
    const at = (ms: number) => new Date(start + ms).toISOString();
    expect(refreshDelay(at(minutes(5)), start)).toBe(minutes(4));
    expect(refreshDelay(at(minutes(2) - 2), start)).toBe(minutes(1) - 1);
    expect(refreshDelay(at(20_000), start)).toBe(10_000);
    expect(refreshDelay(at(1_000), start)).toBe(minRefreshDelayMs);
    expect(refreshDelay(at(-minutes(1)), start)).toBe(minRefreshDelayMs);
    expect(refreshDelay('soon', start)).toBe(minRefreshDelayMs);
  });
});

describe('the token keeper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('fetches once for callers that ask together, and hands out the held token while it has time left', async () => {
    const { keeper: tokens, fetchToken } = keeper();
    const [a, b] = await Promise.all([tokens.current(), tokens.current()]);
    expect([a, b]).toEqual(['t1', 't1']);
    vi.setSystemTime(start + minutes(3));
    expect(await tokens.current()).toBe('t1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    // Within the last minute: a reconnection gets a fresh one.
    vi.setSystemTime(start + minutes(4) + 1);
    expect(await tokens.current()).toBe('t2');
    tokens.stop();
  });

  it('renews a minute before expiry and hands the new token to the open socket, again and again', async () => {
    const { keeper: tokens, fetchToken, refreshToken } = keeper();
    await tokens.current();
    await vi.advanceTimersByTimeAsync(minutes(4) - 1);
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken.mock.calls[0]![0].token).toBe('t2');
    expect(await tokens.current()).toBe('t2');
    await vi.advanceTimersByTimeAsync(minutes(4));
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    tokens.stop();
  });

  it('tries a failed renewal again while the old token holds, without dropping it', async () => {
    let fail = false;
    const {
      keeper: tokens,
      refreshToken,
      accessRefused,
    } = keeper((n) => (fail ? Promise.reject({ status: 0 }) : Promise.resolve(tokenUntil(Date.now() + minutes(5), n))));
    await tokens.current();
    fail = true;
    await vi.advanceTimersByTimeAsync(minutes(4));
    expect(refreshToken).not.toHaveBeenCalled();
    expect(tokens.token?.token).toBe('t1');
    fail = false;
    // The retry comes before the old token runs out.
    await vi.advanceTimersByTimeAsync(refreshLeadMs - minRefreshDelayMs);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(tokens.token?.token).not.toBe('t1');
    expect(accessRefused).not.toHaveBeenCalled();
    tokens.stop();
  });

  it('stops at a refusal (removed, the book gone) and says so, renewing nothing after', async () => {
    let refuse = false;
    const {
      keeper: tokens,
      fetchToken,
      refreshToken,
      accessRefused,
    } = keeper((n) =>
      refuse
        ? Promise.reject({ status: 404, msg: 'Book not found' })
        : Promise.resolve(tokenUntil(Date.now() + minutes(5), n)),
    );
    await tokens.current();
    refuse = true;
    await vi.advanceTimersByTimeAsync(minutes(4));
    expect(accessRefused).toHaveBeenCalledTimes(1);
    expect(tokens.token).toBeUndefined();
    await vi.advanceTimersByTimeAsync(minutes(30));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('fetches anew after invalidate (the server closed the connection), and nothing once stopped', async () => {
    const { keeper: tokens, fetchToken, refreshToken } = keeper();
    await tokens.current();
    tokens.invalidate();
    expect(await tokens.current()).toBe('t2');
    tokens.stop();
    await vi.advanceTimersByTimeAsync(minutes(10));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(refreshToken).not.toHaveBeenCalled();
  });
});
