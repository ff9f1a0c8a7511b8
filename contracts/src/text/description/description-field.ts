import { z } from 'zod';
import { tooLongMessage } from '../../http/text-fields';
import { descriptionText, sanitizeDescriptionHtml } from './description-html';

/** How much markup a description may carry around its text before it is refused unread. */
const markupAllowance = 4;

/** Characters (UTF-16 code units, as zod counts) a reader sees of a description: limits count these, never tags. */
export const descriptionLength = (html: string): number => descriptionText(html).length;

/**
 * A description at a boundary (HTTP or a language model's answer): sanitised to the one allow-list and
 * checked against `max` visible characters, as "Description is too long (at most … characters)".
 */
export function descriptionField(max: number) {
  return z
    .string()
    .max(max * markupAllowance, tooLongMessage('Description', max))
    .transform(sanitizeDescriptionHtml)
    .refine((html) => descriptionLength(html) <= max, tooLongMessage('Description', max));
}

/** The optional description of PATCH /book/metadata: blank (or nothing left once sanitised) is null. */
export function optionalDescriptionField(max: number) {
  return descriptionField(max)
    .nullish()
    .transform((html) => (html ? html : null));
}
