/**
 * The book's entity tag (RFC 9110 §8.8.3): a strong validator of GET /book/{id}, made from the book's
 * version, a counter the book service raises on every change of the row (manuscript, metadata, cover,
 * plan, status, progress), whoever makes it. Quotes are part of the tag.
 */
export const bookEtag = (version: number): string => `"v${version}"`;

/** True for a tag this API could have answered; anything else in If-Match is a client's mistake (400). */
export const isBookEtag = (tag: string): boolean => /^"v[1-9]\d{0,15}"$/.test(tag);

/** The version a tag of `bookEtag` names; undefined for any other text. */
export const bookEtagVersion = (tag: string): number | undefined =>
  isBookEtag(tag) ? Number(tag.slice(2, -1)) : undefined;

export const conditionalSaveMessages = {
  /** 412: the If-Match sent is not the book's current version; nothing was stored. */
  stale: 'This book was changed in another tab or device',
  /** 400: If-Match is neither `*` nor a list of this API's entity tags. */
  malformed: 'If-Match must be * or the ETag this book was read with',
} as const;
