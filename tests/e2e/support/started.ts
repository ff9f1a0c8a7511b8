/** A world's part, once its `beforeAll` has started it; a clear error when a suite reads it too early. */
export function started<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`The ${name} has not started: use it in a test or a hook after the world's`);
  return value;
}
