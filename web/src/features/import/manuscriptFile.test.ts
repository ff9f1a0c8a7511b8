import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { manuscriptImportMaxBytes, manuscriptImportMessages } from '@bookwright/contracts/http';
import { manuscriptFileProblem } from './manuscriptFile';

describe('the check of a manuscript before it is sent', () => {
  it('takes the four kinds, whatever the case of their names, up to 50 MB', () => {
    for (const name of ['book.docx', 'Book.DOCX', 'notes.md', 'novel.epub', 'draft.txt', 'a.b.Md'])
      expect(manuscriptFileProblem({ name, size: 1_000 })).toBeUndefined();
    expect(manuscriptFileProblem({ name: 'book.docx', size: manuscriptImportMaxBytes })).toBeUndefined();
  });

  it('refuses in the server’s words: a PDF, a name without extension, 60 MB, an empty file', () => {
    expect(manuscriptFileProblem({ name: 'book.pdf', size: 10 })).toBe(manuscriptImportMessages.unsupported);
    expect(manuscriptFileProblem({ name: 'docx', size: 10 })).toBe(manuscriptImportMessages.unsupported);
    expect(manuscriptFileProblem({ name: 'book.docx', size: 60 * 1024 * 1024 })).toBe(
      manuscriptImportMessages.tooLarge,
    );
    expect(manuscriptFileProblem({ name: 'book.md', size: 0 })).toBe(manuscriptImportMessages.noText);
  });

  it('takes back only a Word file into a book', () => {
    expect(manuscriptFileProblem({ name: 'edited.docx', size: 10 }, 'reimport')).toBeUndefined();
    for (const name of ['edited.md', 'edited.epub', 'edited.txt'])
      expect(manuscriptFileProblem({ name, size: 10 }, 'reimport')).toBe(manuscriptImportMessages.reimportDocxOnly);
  });

  test.prop([fc.string(), fc.integer({ min: manuscriptImportMaxBytes + 1, max: 2 ** 40 })])(
    'never lets a file over the limit go, whatever its name',
    (name, size) => {
      expect(manuscriptFileProblem({ name, size })).toBeDefined();
    },
  );

  test.prop([fc.string().filter((name) => !/\.(docx|md|epub|txt)$/i.test(name)), fc.nat()])(
    'never lets another kind go, whatever its size',
    (name, size) => {
      expect(manuscriptFileProblem({ name, size })).toBe(manuscriptImportMessages.unsupported);
    },
  );
});
