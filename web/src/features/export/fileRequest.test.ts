import { isSafeFileName } from '@bookwright/contracts/text';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './fileRequest';

describe('dispositionFileName', () => {
  it('takes the UTF-8 filename* over the ASCII fallback, whichever comes first', () => {
    const utf8 = "filename*=UTF-8''%E6%9C%AA%E6%9D%A5%E3%81%8B%E3%82%89%E3%81%AE%E6%89%8B%E7%B4%99.pdf";
    expect(dispositionFileName(`attachment; filename="_______.pdf"; ${utf8}`)).toBe('未来からの手紙.pdf');
    expect(dispositionFileName(`attachment; ${utf8}; filename="_______.pdf"`)).toBe('未来からの手紙.pdf');
  });

  it('falls back to the quoted or bare ASCII name, unescaping quoted pairs', () => {
    expect(dispositionFileName('attachment; filename="Die Briefe.epub"')).toBe('Die Briefe.epub');
    expect(dispositionFileName('attachment; filename=book.epub')).toBe('book.epub');
    expect(dispositionFileName('attachment; filename="a \\"b\\".epub"')).toBe('a b.epub');
    expect(dispositionFileName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="ok.pdf"')).toBe('ok.pdf');
  });

  it('never hands the browser a path or an empty name', () => {
    expect(dispositionFileName("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd")).toBe('etcpasswd');
    expect(dispositionFileName('attachment; filename="///"')).toBeUndefined();
    expect(dispositionFileName('attachment')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
  });

  test.prop([fc.string({ unit: 'binary', minLength: 1, maxLength: 60 })])(
    'reads back any name sent as filename*, made safe',
    (name) => {
      const read = dispositionFileName(`attachment; filename="x"; filename*=UTF-8''${encodeURIComponent(name)}`);
      if (read !== 'x') expect(read === undefined || isSafeFileName(read)).toBe(true);
    },
  );
});
