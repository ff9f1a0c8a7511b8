import { exportFileName } from '@bookwright/contracts/http';
import { isSafeFileName } from '@bookwright/contracts/text';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { asciiFileName, attachmentDisposition } from './content-disposition';

/** Reads the header back as a browser does (RFC 6266 §4.3: `filename*` wins); both values returned. */
function parse(header: string): { ascii: string; utf8: string } {
  const match = /^attachment; filename="((?:[^"\\]|\\.)*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
    header,
  );
  if (!match) throw new Error(`not an RFC 6266 attachment header: ${header}`);
  return { ascii: match[1]!, utf8: decodeURIComponent(match[2]!) };
}

describe('attachmentDisposition', () => {
  it.each([
    [
      'Die Briefe der Leuchtturmwärterin',
      'epub',
      'Die Briefe der Leuchtturmwärterin.epub',
      'Die Briefe der Leuchtturmwarterin.epub',
    ],
    ['未来からの手紙', 'pdf', '未来からの手紙_KDP_Interior.pdf', '________KDP_Interior.pdf'],
  ] as const)('keeps every letter of %s in filename* with an ASCII fallback', (title, format, utf8, ascii) => {
    expect(parse(attachmentDisposition(exportFileName(title, format)))).toEqual({ utf8, ascii });
  });

  it('encodes what RFC 8187 does not allow bare, and strips what a file name cannot hold', () => {
    const header = attachmentDisposition("Tom's (first) book: a/b\\c*d?.epub");
    expect(header).toContain("filename*=UTF-8''Tom%27s%20%28first%29%20book%20abcd.epub");
    expect(parse(header)).toEqual({ ascii: "Tom's (first) book abcd.epub", utf8: "Tom's (first) book abcd.epub" });
  });

  it('never answers an empty name', () => {
    expect(parse(attachmentDisposition('///'))).toEqual({ ascii: 'download', utf8: 'download' });
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('epub', 'pdf')])(
    'any title gives a header that parses back to a safe name, with a pure-ASCII fallback',
    (title, format) => {
      const name = exportFileName(title, format);
      const { ascii, utf8 } = parse(attachmentDisposition(name));
      expect(utf8).toBe(name);
      expect(isSafeFileName(utf8)).toBe(true);
      expect(ascii).toMatch(/^[\x20-\x7e]+$/);
      expect(ascii).not.toMatch(/["\\]/);
      expect(asciiFileName(utf8)).toBe(ascii);
    },
  );
});
