import { AppError, conditionalSaveMessages, isBookEtag } from '@bookwright/contracts/http';
import { z } from 'zod';

/** The If-Match request header as the OpenAPI document shows it; its form is checked by `parseIfMatch`. */
export const IfMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'The ETag the book was read with (GET /book/{id} answers it): the save happens only if the book is still at that version, else 412. Without it, the last write wins.',
    ),
});

// One entity tag (RFC 9110 §8.8.3), optionally weak, then a comma or the end.
const entityTag = /^\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/;

/**
 * If-Match (RFC 9110 §13.1.1) → the tags a save is conditional on, or undefined for no condition: no
 * header, or `*`, which any current version of an existing book matches. Anything else that is not a
 * list of this API's strong tags is the client's mistake, 400: a weak tag can never match (If-Match
 * compares strongly), so sending one is a bug worth naming, not a 412.
 */
export function parseIfMatch(header: string | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return undefined;
  const tags: string[] = [];
  let rest = header;
  while (rest.trim() !== '') {
    const match = entityTag.exec(rest);
    if (!match || match[1] !== undefined || !isBookEtag(match[2]!)) throw malformed();
    tags.push(match[2]!);
    rest = rest.slice(match[0].length);
    if (tags.length > 20) throw malformed();
  }
  if (tags.length === 0) throw malformed();
  return tags;
}

const malformed = () => new AppError(400, conditionalSaveMessages.malformed, { code: 'bad_if_match' });
