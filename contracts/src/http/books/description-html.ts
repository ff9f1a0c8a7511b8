/** KDP's description accepts a few tags; anything else is dropped and its text kept. */
export const descriptionAllowedTags = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h4',
  'h5',
  'h6',
] as const;

const allowed = new Set<string>(descriptionAllowedTags);

/**
 * Keeps only allow-listed tags, without any attribute; removes script/style with their text, comments and
 * every other tag (its text stays). Stray `<` and `>` are escaped, so the result is inert when rendered.
 */
export function sanitizeDescriptionHtml(html: string): string {
  const withoutDangerous = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|template)\b[^>]*>/gi, '');
  const out = withoutDangerous.replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>|<|>/g, (match, tag: string | undefined) => {
    if (!tag) return match === '<' ? '&lt;' : '&gt;';
    const name = tag.toLowerCase();
    if (!allowed.has(name)) return '';
    const closing = match.startsWith('</');
    if (name === 'br') return '<br>';
    return closing ? `</${name}>` : `<${name}>`;
  });
  return out.trim();
}
