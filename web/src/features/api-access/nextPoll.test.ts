import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@bookwright/contracts/http';
import { nextPoll } from './apiAccessApi';

const now = Date.parse('2026-11-29T08:00:00.000Z');
const delivery = (status: WebhookDelivery['status'], nextAttemptAt: string | null): WebhookDelivery => ({
  id: 'msg',
  eventType: 'book.ready',
  status,
  createdAt: '2026-11-29T07:59:00.000Z',
  nextAttemptAt,
  attempts: [],
});
const inSeconds = (s: number) => new Date(now + s * 1000).toISOString();

describe('nextPoll', () => {
  it('reads again soon while a delivery is due within the minute, slowly when its retry is further off', () => {
    expect(nextPoll([], now)).toBe(0);
    expect(nextPoll([delivery('succeeded', null), delivery('failed', null)], now)).toBe(0);
    expect(nextPoll([delivery('pending', null)], now)).toBe(2_000);
    expect(nextPoll([delivery('pending', inSeconds(5))], now)).toBe(2_000);
    expect(nextPoll([delivery('pending', inSeconds(-5))], now)).toBe(2_000);
    expect(nextPoll([delivery('pending', inSeconds(3 * 3600))], now)).toBe(30_000);
    expect(nextPoll([delivery('pending', inSeconds(3 * 3600)), delivery('pending', inSeconds(1))], now)).toBe(2_000);
  });

  it('never polls without a pending delivery, and always polls with one', () => {
    const status = fc.constantFrom<WebhookDelivery['status']>('pending', 'succeeded', 'failed');
    const when = fc.option(fc.integer({ min: -86_400, max: 3 * 86_400 }).map(inSeconds), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(status, when), { maxLength: 8 }), (rows) => {
        const list = rows.map(([s, w]) => delivery(s, w));
        const pending = list.some((d) => d.status === 'pending');
        expect(nextPoll(list, now) > 0).toBe(pending);
      }),
    );
  });
});
