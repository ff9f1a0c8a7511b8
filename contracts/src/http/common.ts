import { z } from 'zod';

/** Body of every answer that only carries a message. */
export const MessageSchema = z.object({ msg: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** The `{id}` of every `/book/...` route: one schema, so every route refuses the same ids the same way. */
export const BookParamsSchema = z.object({
  bookId: z.string().min(1, 'The book id is missing').max(100, 'The book id is too long (at most 100 characters)'),
});
export type BookParams = z.infer<typeof BookParamsSchema>;

/** Where a string came from: ids and query values are one line; a body may hold long text. */
export type TextSource = 'body' | 'params' | 'query' | 'multipart';

// C0 controls, DEL and C1 controls; PostgreSQL refuses NUL outright and the rest has no place in a book.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const anyControl = /[\u0000-\u001f\u007f-\u009f]/;
// The same, less tab, line feed and carriage return, which long text (a prompt, a description) may hold.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const unsafeTextMessage = (field: string): string =>
  `${field} contains characters that are not allowed (control characters or broken Unicode)`;

/** Whether one string may enter the system from `source`. */
export function isSafeText(value: string, source: TextSource): boolean {
  const control = source === 'body' || source === 'multipart' ? controlButLineBreaks : anyControl;
  return !control.test(value) && isWellFormed(value);
}

// No lone surrogate: String.prototype.isWellFormed (ES2024, in every Node this project supports), typed here
// because the project's lib is ES2023.
const isWellFormed = (value: string): boolean => (value as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * The one boundary check for text: walks a parsed request part (body, params, query or multipart fields),
 * keys included, and answers the path of the first string that may not enter, or null when all are
 * fine. Iterative, so a deeply nested body cannot exhaust the stack. Every request's body is walked, a
 * whole manuscript among them (160 KB of nodes): the walk that names the path runs only when the plain one
 * found something (it took three times as long, building a path string for every node).
 */
export function findUnsafeText(value: unknown, source: TextSource): string | null {
  return allSafe(value, source) ? null : pathOfUnsafeText(value, source);
}

function allSafe(value: unknown, source: TextSource): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!isSafeText(current, source)) return false;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current as unknown[]) pending.push(item);
      continue;
    }
    for (const key of Object.keys(current)) {
      if (!isSafeText(key, 'params')) return false;
      pending.push((current as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/**
 * Whether every string that the JSON text `text` holds (keys included) is safe from any source, read off
 * the text without parsing it: a JSON string holds no raw C0 control, so what could be unsafe inside is a
 * raw C1 control or DEL, a lone surrogate, or an escape that makes a control or a surrogate (`\u`, and
 * `\b \f \n \r \t`, which no key may hold). True only when the text has none of them, which makes
 * `findUnsafeText(JSON.parse(text), source)` null for any source; false does not mean unsafe (an escaped
 * backslash before a `u` is text), only that the parsed value must be walked. A manuscript of 160 KB is
 * checked this way in a tenth of the time its parse takes, and the edge checks one on every whole save.
 */
export function jsonTextIsPlainlySafe(text: string): boolean {
  return !maybeUnsafeInJson.test(text) && isWellFormed(text);
}
const maybeUnsafeInJson = /[\u007f-\u009f]|\\[bfnrtu]/;

/** The walk that names the path of the first unsafe string (`findUnsafeText` runs it only when there is one). */
export function pathOfUnsafeText(value: unknown, source: TextSource): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current, source)) return path || source;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push({ value: current[i], path: `${path}[${i}]` });
      continue;
    }
    for (const [key, inner] of Object.entries(current)) {
      const innerPath = path ? `${path}.${key}` : key;
      if (!isSafeText(key, 'params')) return path ? `A field name in ${path}` : 'A field name';
      pending.push({ value: inner, path: innerPath });
    }
  }
  return null;
}
