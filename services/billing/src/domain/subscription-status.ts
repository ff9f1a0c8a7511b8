/** Subscription statuses under which the paid plan is in force (past_due: Stripe is still retrying). */
export const liveSubscriptionStatuses: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Statuses of a subscription that has ended: the account goes back to no plan. */
export const endedSubscriptionStatuses: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);
