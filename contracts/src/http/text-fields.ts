import { z } from 'zod';

/**
 * The one wording of a length refusal: the field as the form labels it, and the limit.
 * `tooLongMessage('Prompt', 5_000)` is "Prompt is too long (at most 5,000 characters)".
 */
export function tooLongMessage(label: string, max: number): string {
  return `${label} is too long (at most ${max.toLocaleString('en-US')} characters)`;
}

/** "Subject/Keywords has too many entries (at most 100)". */
export function tooManyMessage(label: string, max: number): string {
  return `${label} has too many entries (at most ${max.toLocaleString('en-US')})`;
}

/** The one wording of an address that is not an email's, on every form that takes one. */
export const invalidEmailMessage = 'Please enter a valid email address';

/** An email field: trimmed, at most 254 characters (RFC 5321), shaped as an address. */
export const EmailFieldSchema = z
  .string({ error: invalidEmailMessage })
  .trim()
  .max(254, invalidEmailMessage)
  .pipe(z.email(invalidEmailMessage));

/** A required text field: trimmed; blank answers `requiredMessage`, longer than `max` names `label`. */
export function requiredText(label: string, requiredMessage: string, max: number) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLongMessage(label, max));
}

/** An optional text field: trimmed, stored as null when blank, longer than `max` names `label`. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .nullish()
    .transform((v) => (v ? v : null));
}
