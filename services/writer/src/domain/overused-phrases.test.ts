import { fc, test } from '@fast-check/vitest';
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

/**
 * The definition, spelled out as plainly as possible: every n-gram as a string, and a phrase covered by
 * the first earlier one (in the sorted order) it is a run of or overlaps by 2 or more words at an end.
 */
function plainOverused(
  texts: string[],
  options: {
    minWords: number;
    maxWords: number;
    minCount: number;
    wordsPerOccurrence: number;
    limit: number;
    ignoreWords: string[];
  },
) {
  const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const ignore = new Set(options.ignoreWords.flatMap(wordsOf));
  const counts = new Map<string, number>();
  let total = 0;
  for (const text of texts)
    for (const clause of text.split(/[.!?;:,()[\]{}"“”«»„—–…\n]+/u)) {
      const words = wordsOf(clause);
      total += words.length;
      for (let n = options.minWords; n <= options.maxWords; n += 1)
        for (let start = 0; start + n <= words.length; start += 1) {
          const gram = words.slice(start, start + n);
          if (gram.every((w) => w.length <= 3) || gram.some((w) => ignore.has(w))) continue;
          counts.set(gram.join(' '), (counts.get(gram.join(' ')) ?? 0) + 1);
        }
    }
  const threshold = Math.max(options.minCount, Math.ceil(total / options.wordsPerOccurrence));
  const frequent = [...counts].filter(([, c]) => c >= threshold).map(([phrase, count]) => ({ phrase, count }));
  const length = (p: string) => p.split(' ').length;
  frequent.sort((a, b) => length(b.phrase) - length(a.phrase) || b.count - a.count || a.phrase.localeCompare(b.phrase));
  const covers = (a: string[], p: string[]) => {
    for (let s = 0; s + p.length <= a.length; s += 1)
      if (a.slice(s, s + p.length).join(' ') === p.join(' ')) return true;
    for (let k = 2; k < a.length && k < p.length; k += 1)
      if (a.slice(-k).join(' ') === p.slice(0, k).join(' ') || a.slice(0, k).join(' ') === p.slice(-k).join(' '))
        return true;
    return false;
  };
  const seen: { phrase: string; count: number }[] = [];
  const kept: { phrase: string; count: number }[] = [];
  for (const entry of frequent) {
    const covering = seen.find((a) => covers(a.phrase.split(' '), entry.phrase.split(' ')));
    seen.push(entry);
    if (covering && entry.count < covering.count * 1.5) continue;
    kept.push(entry);
  }
  kept.sort((a, b) => b.count - a.count || length(b.phrase) - length(a.phrase) || a.phrase.localeCompare(b.phrase));
  return kept.slice(0, options.limit);
}

describe('PhraseCounts against the plain definition', () => {
  const vocabulary = [
    'the',
    'a',
    'of',
    'cold',
    'wind',
    'blew',
    'over',
    'harbour',
    'Mara',
    'took',
    'deep',
    'breath',
    'schüttelte',
    'ветер',
    'и',
  ];
  const text = fc
    .array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(' ', ' ', ' ', ', ', '. ', '\n', ' — ')), {
      maxLength: 120,
    })
    .map((pairs) => pairs.map(([w, gap]) => w + gap).join(''));
  test.prop(
    [
      fc.array(text, { minLength: 1, maxLength: 4 }),
      fc.record({
        minWords: fc.integer({ min: 1, max: 3 }),
        extraWords: fc.integer({ min: 0, max: 3 }),
        minCount: fc.integer({ min: 0, max: 5 }),
        wordsPerOccurrence: fc.constantFrom(20, 100, 4_000),
        limit: fc.integer({ min: 1, max: 30 }),
        ignoreWords: fc.subarray(['Mara', 'Deep Breath']),
      }),
    ],
    { numRuns: 300 },
  )('gives what the definition gives, chapter after chapter', (chapters, drawn) => {
    const options = { ...drawn, maxWords: drawn.minWords + drawn.extraWords };
    const counts = new PhraseCounts(options);
    for (const [i, chapter] of chapters.entries()) {
      counts.add(chapter);
      expect(counts.overused(options)).toEqual(plainOverused(chapters.slice(0, i + 1), options));
    }
  });
});
