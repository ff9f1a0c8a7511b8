/** Failures the spec says are "only logged" (library polling, the book route's fetch, confirming a structure). */
export function logError(context: string, error: unknown): void {
  // eslint-disable-next-line no-console
  console.error(`[bookwright] ${context}`, error);
}
