import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The correlation id of the work in progress: it starts as the id of an HTTP request at the gateway
 * (an incoming `X-Request-Id` is kept), travels as the request id of every bus request and in the envelope
 * of every event (the outbox stores it with the row), and is put back here by the bus before a handler
 * runs. The logger adds it to every line, so one author's action can be followed through every service.
 */
const storage = new AsyncLocalStorage<{ correlationId: string }>();

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** Runs `work` with `correlationId` as the current one (unchanged when undefined). */
export function withCorrelation<T>(correlationId: string | undefined, work: () => T): T {
  return correlationId ? storage.run({ correlationId }, work) : work();
}

/**
 * Runs `work` outside any correlation: for what belongs to no request or event, such as a pooled database
 * connection failing, whose listeners run in the context of whichever request happened to open it.
 */
export function withoutCorrelation<T>(work: () => T): T {
  return storage.exit(work);
}
