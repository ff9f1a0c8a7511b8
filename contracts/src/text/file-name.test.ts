import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../http/export/export';
import { isSafeFileName, safeFileName } from './file-name';

describe('file names', () => {
  it('keep every letter and space of a title', () => {
    expect(exportFileName('Die Briefe der Leuchtturmwärterin', 'epub')).toBe('Die Briefe der Leuchtturmwärterin.epub');
    expect(exportFileName('未来からの手紙', 'pdf')).toBe('未来からの手紙_KDP_Interior.pdf');
    expect(exportFileName('未来からの手紙', 'pdf', 'both')).toBe('未来からの手紙_KDP_Complete.zip');
  });

  it('lose only what a file system refuses, and never end empty', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j\u0000k\u007fl')).toBe('abcdefghijkl');
    expect(safeFileName('  ..hidden  title..  ')).toBe('hidden title');
    expect(exportFileName('???', 'epub')).toBe('book.epub');
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 60 })])('are safe for any title, and stay as they are', (title) => {
    const name = safeFileName(title);
    expect(name).not.toMatch(/[/\\:*?"<>|\p{Cc}]/u);
    expect(safeFileName(name)).toBe(name);
    expect(isSafeFileName(exportFileName(title, 'epub'))).toBe(true);
  });
});
