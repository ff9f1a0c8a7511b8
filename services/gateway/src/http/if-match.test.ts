import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { AppError, bookEtag, conditionalSaveMessages, isBookEtag } from '@bookwright/contracts/http';
import { parseIfMatch } from './if-match';

const malformed = (header: string) => {
  try {
    parseIfMatch(header);
  } catch (error) {
    return error instanceof AppError && error.status === 400 && error.message === conditionalSaveMessages.malformed;
  }
  return false;
};

describe('If-Match (RFC 9110 §13.1.1)', () => {
  it('is no condition when absent or `*`', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
    expect(parseIfMatch(' * ')).toBeUndefined();
  });

  it('reads one tag or a list of them', () => {
    expect(parseIfMatch('"v3"')).toEqual(['"v3"']);
    expect(parseIfMatch('"v3", "v4" ,"v5"')).toEqual(['"v3"', '"v4"', '"v5"']);
  });

  it('refuses with 400 what is not a list of this API’s strong tags', () => {
    for (const header of ['', ' ', 'v3', '"v3', 'W/"v3"', '"abc"', '"v0"', '"v3" "v4"', '*, "v3"', '"v3", x', ','])
      expect(malformed(header), header).toBe(true);
  });

  test.prop([fc.array(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 20 })])(
    'gives back every tag the API answered, in order',
    (versions) => {
      const tags = versions.map(bookEtag);
      expect(parseIfMatch(tags.join(', '))).toEqual(tags);
    },
  );

  test.prop([fc.string({ maxLength: 60 })])(
    'answers any header with tags of ours, no condition, or a 400',
    (header) => {
      let tags: string[] | undefined;
      try {
        tags = parseIfMatch(header);
      } catch {
        expect(malformed(header)).toBe(true);
        return;
      }
      for (const tag of tags ?? []) expect(isBookEtag(tag)).toBe(true);
    },
  );
});
