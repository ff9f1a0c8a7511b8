import { z } from 'zod';

/** The Prefer request header (RFC 7240) as the OpenAPI document shows it. */
export const PreferHeadersSchema = z.looseObject({
  prefer: z
    .string()
    .optional()
    .describe(
      'return=minimal: answer only the new etag and updatedAt (with Preference-Applied: return=minimal) instead of the whole book.',
    ),
});

/**
 * Whether the client asked for `return=minimal` (RFC 7240 §4.2). Preferences are a comma-separated list
 * and may repeat the header (Node joins repeats with commas); names are case-insensitive, and a value may
 * be quoted. The first `return` wins, as §2 says a repeated preference should be read.
 */
export function prefersMinimal(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  for (const preference of text.split(',')) {
    const [token = ''] = preference.split(';');
    const [name = '', value = ''] = token.split('=');
    if (name.trim().toLowerCase() !== 'return') continue;
    return (
      value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase() === 'minimal'
    );
  }
  return false;
}
