import { events } from '@bookwright/contracts/events';
import { hasPlan } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { on, type Bus, type Subscription } from '@bookwright/kit';

/** Whether the person who pays for a book has a plan in force (billing owns the answer). */
export interface PayerPlans {
  hasPlan(userId: string): Promise<boolean>;
}

/** How long an answer is kept without hearing from billing: a missed event costs at most this long. */
const keptMs = 60_000;
const maxHeld = 50_000;

/**
 * Billing's answer, kept per person for a minute and replaced as soon as billing announces a change of plan
 * or subscription (every replica tails those events): an autosave asks on every save, and a bus round trip
 * to billing for each would double the save's cost.
 */
export class BillingPayerPlans implements PayerPlans {
  readonly #held = new Map<string, { plan: boolean; at: number }>();

  constructor(
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {}

  async hasPlan(userId: string): Promise<boolean> {
    const held = this.#held.get(userId);
    if (held && this.now() - held.at < keptMs) return held.plan;
    const summary = await this.bus.request(requests.billing.getSummary, { userId });
    this.remember(userId, hasPlan(summary));
    return hasPlan(summary);
  }

  listen(): Promise<Subscription> {
    return this.bus.tail([
      on(events.billingPlanChanged, async (plan) => this.remember(plan.userId, hasPlan(plan))),
      on(events.billingSubscriptionChanged, async (change) => this.remember(change.userId, hasPlan(change))),
    ]);
  }

  private remember(userId: string, plan: boolean): void {
    if (this.#held.size >= maxHeld) this.#held.clear();
    this.#held.set(userId, { plan, at: this.now() });
  }
}

/** For handler tests that are not about plans: everyone pays. */
export const everyonePays: PayerPlans = { hasPlan: () => Promise.resolve(true) };
