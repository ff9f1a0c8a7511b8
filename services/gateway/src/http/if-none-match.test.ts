import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { notModified } from './if-none-match';

describe('notModified (If-None-Match)', () => {
  it('matches the current tag, weakly, in a list, and *', () => {
    for (const header of ['"v3"', 'W/"v3"', '"v1", "v3"', ' "v1" ,W/"v3" ', '*'])
      expect(notModified(header, '"v3"'), header).toBe(true);
  });

  it('matches nothing without the header, with other tags, or with a header that is not a list of tags', () => {
    for (const header of [undefined, '', '"v2"', 'v3', '"v3', 'junk, "v3"', '"v1" "v3"'])
      expect(notModified(header, '"v3"'), String(header)).toBe(false);
  });

  test.prop([fc.string()])('never throws, and matches only when the tag is in the header', (header) => {
    const answer = notModified(header, '"v7"');
    if (answer) expect(header.includes('"v7"') || header.trim() === '*').toBe(true);
  });
});
