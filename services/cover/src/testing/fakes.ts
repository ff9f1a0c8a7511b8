import { randomUUID } from 'node:crypto';
import { AppError, type Book } from '@bookwright/contracts/http';
import { allowanceExhaustedMessages, requests } from '@bookwright/contracts/bus';
import { buildBook } from '@bookwright/contracts/testing';
import type { Bus, Subscription } from '@bookwright/kit';

/** A ready book of the shared fixture, with an id of its own and an author to typeset. */
export function coverBook(overrides: Partial<Book> = {}): Book {
  const now = new Date().toISOString();
  return buildBook({
    _id: randomUUID(),
    status: 'ready',
    targetAudience: 'adult readers',
    author: 'Ines Varga',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** Billing's allowances: a number of covers per user (unlimited when unset), idempotent per key, refunds recorded. */
export class FakeBillingService {
  readonly coversLeft = new Map<string, number>();
  readonly consumed = new Map<string, string>();
  readonly refunds: string[] = [];
  #subscriptions: Subscription[] = [];

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(requests.billing.consumeAllowance, async ({ userId, kind, key }) => {
        if (this.consumed.has(key)) return { remaining: this.coversLeft.get(userId) ?? null };
        const left = this.coversLeft.get(userId);
        if (left !== undefined && left <= 0) throw new AppError(403, allowanceExhaustedMessages[kind]);
        if (left !== undefined) this.coversLeft.set(userId, left - 1);
        this.consumed.set(key, userId);
        return { remaining: left === undefined ? null : left - 1 };
      }),
      bus.serve(requests.billing.refundAllowance, async ({ userId, key }) => {
        if (this.consumed.delete(key)) {
          this.refunds.push(key);
          const left = this.coversLeft.get(userId);
          if (left !== undefined) this.coversLeft.set(userId, left + 1);
        }
        return {};
      }),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }
}
