/** One entity tag (RFC 9110 §8.8.3), optionally weak, then a comma or the end. */
const entityTag = /^\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/;

/**
 * If-None-Match (RFC 9110 §13.1.2) on a GET: true when the client's copy is current, so the answer is 304
 * with no body. It compares weakly (a `W/` prefix is ignored) and `*` matches any current representation.
 * A header that is not a list of entity tags matches nothing: the client simply gets the whole answer.
 */
export function notModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  let rest = header;
  for (let i = 0; i < 50 && rest.trim() !== ''; i++) {
    const match = entityTag.exec(rest);
    if (!match) return false;
    if (match[1] === etag) return true;
    rest = rest.slice(match[0].length);
  }
  return false;
}
