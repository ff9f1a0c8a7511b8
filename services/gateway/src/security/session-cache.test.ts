import { describe, expect, it } from 'vitest';
import type { ResolvedSession } from '@bookwright/contracts/bus';
import { SessionCache } from './session-cache';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const session = (userId: string, sessionId: string, expiresAt = inAnHour()): ResolvedSession => ({
  userId,
  sessionId,
  expiresAt,
});

function cacheAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = Date.now();
  const cache = new SessionCache({ ttlMs: 5_000, maxEntries: 100, ...options, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('answers a stored session until its TTL, then forgets it', () => {
    const { cache, advance } = cacheAt();
    cache.set('k1', session('u1', 's1'), cache.generation);
    expect(cache.get('k1')).toEqual(session('u1', 's1', cache.get('k1')!.expiresAt));
    advance(4_999);
    expect(cache.get('k1')?.sessionId).toBe('s1');
    advance(1);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the session itself', () => {
    const { cache, advance } = cacheAt({ ttlMs: 60_000 });
    cache.set('k1', session('u1', 's1', new Date(Date.now() + 1_000).toISOString()), cache.generation);
    advance(1_000);
    expect(cache.get('k1')).toBeUndefined();
    cache.set('k2', session('u1', 's2', new Date(Date.now() - 1).toISOString()), cache.generation);
    expect(cache.size).toBe(0);
  });

  it('drops by token, by session and by user', () => {
    const { cache } = cacheAt();
    cache.set('a', session('u1', 's1'), cache.generation);
    cache.set('b', session('u1', 's2'), cache.generation);
    cache.set('c', session('u2', 's3'), cache.generation);
    cache.forgetKey('a');
    expect(cache.get('a')).toBeUndefined();
    cache.forgetWhere((session) => session.sessionId === 's3');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')?.sessionId).toBe('s2');
    cache.set('c', session('u2', 's3'), cache.generation);
    cache.forgetUser('u1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe('u2');
  });

  it('refuses an answer that started before an invalidation (it may predate the revocation)', () => {
    const { cache } = cacheAt();
    const before = cache.generation;
    cache.forgetWhere((session) => session.sessionId === 's1');
    cache.set('k1', session('u1', 's1'), before);
    expect(cache.get('k1')).toBeUndefined();
  });

  it('shares one resolution among concurrent asks, but not with an ask after an invalidation', async () => {
    const { cache } = cacheAt();
    const answers: ((value: ResolvedSession) => void)[] = [];
    const ask = () => new Promise<ResolvedSession>((resolve) => answers.push(resolve));
    const first = cache.resolveOnce('k1', ask);
    const second = cache.resolveOnce('k1', ask);
    expect(answers).toHaveLength(1);
    // A revocation while asking: the next request asks anew rather than take the answer from before it.
    cache.forgetWhere((session) => session.sessionId === 's1');
    const third = cache.resolveOnce('k1', ask);
    expect(answers).toHaveLength(2);
    answers[0]!(session('u1', 's1'));
    answers[1]!(session('u1', 's2'));
    expect([(await first).sessionId, (await second).sessionId, (await third).sessionId]).toEqual(['s1', 's1', 's2']);
    expect(cache.get('k1')?.sessionId).toBe('s2');
    await expect(cache.resolveOnce('k2', () => Promise.reject(new Error('away')))).rejects.toThrow('away');
    expect(cache.get('k2')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.set(key, session('u1', key), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.sessionId).toBe('c');
  });

  it('stores nothing with a TTL of 0', () => {
    const { cache } = cacheAt({ ttlMs: 0 });
    cache.set('k1', session('u1', 's1'), cache.generation);
    expect(cache.get('k1')).toBeUndefined();
  });

  it('keys by a digest, never by the token itself', () => {
    const key = SessionCache.keyOf('the-raw-cookie-value');
    expect(key).not.toContain('the-raw-cookie-value');
    expect(key).toBe(SessionCache.keyOf('the-raw-cookie-value'));
    expect(key).not.toBe(SessionCache.keyOf('another-cookie'));
  });
});
