import { events } from '@bookwright/contracts/events';
import { type User } from '@bookwright/contracts/http';
import { on, type Bus, type Subscription } from '@bookwright/kit';
import { PerUserCache, type PerUserCacheOptions } from './per-user-cache';

/**
 * The signed-in user (`GET /user/current-user`: profile from the user service, plan and allowances from
 * billing) of the users this replica served in the last few seconds: every signed-in page asks for it, and
 * it costs two bus requests. Held in a PerUserCache, dropped by the events that change it (a plan bought or
 * renewed, an allowance given back when a book fails, the account made or deleted) and by the user's own
 * writes (own-writes.ts): a profile saved, a book or cover paid from an allowance.
 */
export class CurrentUserReadModel {
  readonly #users: PerUserCache<User>;

  constructor(options: PerUserCacheOptions) {
    this.#users = new PerUserCache(options);
  }

  get size(): number {
    return this.#users.size;
  }

  current(userId: string, wroteAt: number | undefined, read: () => Promise<User>): Promise<User> {
    return this.#users.get(userId, wroteAt, read);
  }

  forgetUser(userId: string): void {
    this.#users.forgetUser(userId);
  }

  /** Tails the events that change a user (every replica hears every event: fan-out, not a queue group). */
  listen(bus: Bus): Promise<Subscription> {
    const forget = async ({ userId }: { userId: string }) => this.forgetUser(userId);
    return bus.tail([
      on(events.userRegistered, forget),
      on(events.userPasswordChanged, forget),
      on(events.userDeleted, forget),
      on(events.billingPlanChanged, forget),
      on(events.billingSubscriptionChanged, forget),
      on(events.bookFailed, forget),
    ]);
  }
}
