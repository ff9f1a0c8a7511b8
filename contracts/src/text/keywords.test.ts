import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { UpdateMetadataRequestSchema } from '../http/books/metadata';
import { hasKeyword, uniqueKeywords } from './keywords';

const key = (keyword: string) => keyword.trim().replace(/\s+/gu, ' ').normalize('NFC').toLocaleLowerCase('und');

// Chips that collide: the same word in other cases and with space around it.
const chip = fc.oneof(
  fc.constantFrom('Mut', 'mut', ' MUT ', 'Leuchtturm', 'leuchtturm ', 'Ärger', 'ärger', '  ', ''),
  fc.string({ maxLength: 12 }),
);

describe('uniqueKeywords', () => {
  it('keeps the first spelling of "Mut" and "Leuchtturm", trimmed, in order', () => {
    expect(uniqueKeywords(['Mut', ' Leuchtturm', 'mut', 'leuchtturm ', '', '  ', 'MUT', 'Meer'])).toEqual([
      'Mut',
      'Leuchtturm',
      'Meer',
    ]);
  });

  it('tells whether a chip is already there', () => {
    expect(hasKeyword(['Leuchtturm'], '  leuchtTURM ')).toBe(true);
    expect(hasKeyword(['Leuchtturm'], 'Leuchttürme')).toBe(false);
  });

  test.prop([fc.array(chip, { maxLength: 20 })])('is idempotent', (keywords) => {
    expect(uniqueKeywords(uniqueKeywords(keywords))).toEqual(uniqueKeywords(keywords));
  });

  test.prop([fc.array(chip, { maxLength: 20 })])(
    'keeps the first spelling of each, in order, and no two alike',
    (keywords) => {
      const kept = uniqueKeywords(keywords);
      const firsts = keywords.filter(
        (keyword, index) => key(keyword) !== '' && keywords.findIndex((other) => key(other) === key(keyword)) === index,
      );
      expect(kept).toEqual(firsts.map((keyword) => keyword.trim()));
      expect(new Set(kept.map(key)).size).toBe(kept.length);
    },
  );
});

describe('the metadata update stores keywords the same way', () => {
  const valid = { title: 'T', author: 'A', identifier: 'urn:x', languageMetadata: 'de' } as const;
  it.each([[['Leuchtturm', 'leuchtturm', ' Mut ', 'MUT']], ['Leuchtturm, leuchtturm , Mut,MUT']])(
    'from %j',
    (keywords) => {
      expect(UpdateMetadataRequestSchema.parse({ ...valid, keywords }).keywords).toEqual(['Leuchtturm', 'Mut']);
    },
  );
});
