import { describe, expect, it } from 'vitest';
import { findOverusedPhrases, PhraseCounts } from './overused-phrases';

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence number ${i} walks quietly along river ${i % 7}.`).join(' ');

describe('findOverusedPhrases', () => {
  it('finds a phrase repeated across texts, as its longest form', () => {
    const texts = [
      'She took a deep breath and opened the door. The hallway was dark.',
      'He took a deep breath, then another. Outside, rain.',
      'They both took a deep breath before the vote.',
      'Mara took a deep breath and laughed.',
    ];
    const phrases = findOverusedPhrases(texts, { minCount: 4 });
    expect(phrases[0]).toEqual({ phrase: 'took a deep breath', count: 4 });
    // The shorter n-grams inside it add nothing.
    expect(phrases.map((p) => p.phrase)).not.toContain('took a deep');
    expect(phrases.map((p) => p.phrase)).not.toContain('a deep breath');
  });

  it('does not count across sentence punctuation', () => {
    const text = Array.from({ length: 6 }, () => 'It ended there. Nobody came back.').join(' ');
    const phrases = findOverusedPhrases([text]).map((p) => p.phrase);
    expect(phrases).toContain('nobody came back');
    expect(phrases.some((p) => p.includes('there nobody'))).toBe(false);
  });

  it('ignores phrases made only of short grammar words and phrases with ignored names', () => {
    const text = Array.from({ length: 6 }, () => 'and it was so. Elena smiled softly at him.').join(' ');
    const phrases = findOverusedPhrases([text], { ignoreWords: ['Elena'] }).map((p) => p.phrase);
    expect(phrases).not.toContain('and it was');
    expect(phrases.some((p) => p.includes('elena'))).toBe(false);
    expect(phrases).toContain('smiled softly at him');
  });

  it('raises the threshold with the amount of text', () => {
    const phrase = 'the silver lantern flickered';
    const few = `${filler(300)} ${Array.from({ length: 4 }, () => `${phrase}.`).join(' ')}`;
    // About 2,700 words: four occurrences pass the default threshold...
    expect(findOverusedPhrases([few]).map((p) => p.phrase)).toContain(phrase);
    // ...but not when one occurrence per 500 words is asked for.
    expect(findOverusedPhrases([few], { wordsPerOccurrence: 500 }).map((p) => p.phrase)).not.toContain(phrase);
  });

  it('works on any alphabet and keeps the most frequent first, up to the limit', () => {
    const text = [
      ...Array.from({ length: 5 }, () => 'Sie schüttelte langsam den Kopf.'),
      ...Array.from({ length: 9 }, () => 'Ein kalter Wind wehte über das Land.'),
    ].join(' ');
    const phrases = findOverusedPhrases([text], { limit: 2 });
    expect(phrases).toHaveLength(2);
    expect(phrases[0]?.count).toBe(9);
    expect(phrases.map((p) => p.phrase)).toEqual(['ein kalter wind wehte über', 'sie schüttelte langsam den kopf']);
  });

  it('returns nothing for text without repetition', () => {
    const varied =
      'The ferry left at dawn. Gulls argued over scraps while the captain checked his charts. ' +
      'By noon the coast had vanished, and Ines finally opened the letter her mother had sealed years ago.';
    expect(findOverusedPhrases([varied, varied.toUpperCase()], { minCount: 3 })).toEqual([]);
    expect(findOverusedPhrases([])).toEqual([]);
  });
});

describe('PhraseCounts', () => {
  it('gives, a chapter at a time, what counting every chapter at once gives', () => {
    const chapters = [
      'She took a deep breath. The cold wind blew over the harbour. She took a deep breath again.',
      'The cold wind blew over the harbour; she took a deep breath and the cold wind blew over the hills.',
      'He took a deep breath. The cold wind blew over the harbour, and Mara took a deep breath.',
    ];
    const options = { minCount: 2, ignoreWords: ['Mara'] };
    const counts = new PhraseCounts(options);
    for (const [i, chapter] of chapters.entries()) {
      counts.add(chapter);
      expect(counts.overused(options)).toEqual(findOverusedPhrases(chapters.slice(0, i + 1), options));
    }
    expect(counts.overused(options).length).toBeGreaterThan(0);
  });
});
