import { z } from 'zod';
import { dropNullOptionals, type JsonSchema } from './json-schema';

export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problems: string };

/**
 * Reads a model's JSON answer. Local models in json_object mode often wrap the object in a markdown fence
 * or add a sentence around it, so the outermost `{…}` is tried when the whole text is not JSON.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; problems: string } {
  const trimmed = text
    .trim()
    .replace(/^```[a-zA-Z]*\s*\n?/, '')
    .replace(/\n?```\s*$/, '')
    .trim();
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch (error) {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start >= 0 && end > start && (start > 0 || end < trimmed.length - 1)) {
      try {
        return { ok: true, value: JSON.parse(trimmed.slice(start, end + 1)) };
      } catch {
        // fall through to the original error, which describes the text the model actually sent
      }
    }
    return { ok: false, problems: `The answer is not valid JSON: ${(error as Error).message}` };
  }
}

/** Parses and validates a model's answer against the caller's schema. */
export function readStructuredOutput<T>(text: string, schema: z.ZodType<T>, jsonSchema: JsonSchema): ParsedOutput<T> {
  if (text.trim() === '') return { ok: false, problems: 'The answer was empty.' };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(dropNullOptionals(parsed.value, jsonSchema));
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: z.prettifyError(result.error) };
}
