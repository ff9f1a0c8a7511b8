import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { readPrompt } from './prompt-words';

describe("reading the author's prompt", () => {
  it('finds people, places and recurring subjects, in order of mention', () => {
    expect(
      readPrompt(
        'A lighthouse keeper named Mara Quist finds a message in a bottle. Her brother Tomas wants to sell the ' +
          "lighthouse; Mara refuses. The message mentions a shipwreck near Dingle, and Mara's mother.",
      ),
    ).toEqual({ names: ['Mara Quist', 'Tomas'], places: ['Dingle'], subjects: ['lighthouse', 'message'] });
  });

  it('reads names and places in other languages and scripts', () => {
    expect(readPrompt('Zosia mieszka w Krakowie. Jej przyjaciel Marek znika pewnej nocy nad Wisłą.')).toMatchObject({
      names: ['Zosia', 'Marek'],
      places: ['Krakowie', 'Wisłą'],
    });
    expect(readPrompt("Ayşe İstanbul'da yaşıyor ve kayıp kardeşi Emre'yi arıyor.")).toMatchObject({
      names: ['Ayşe', 'Emre'],
      places: ['İstanbul'],
    });
    expect(readPrompt('Marie vit à Lyon avec son frère Paul.')).toMatchObject({
      names: ['Marie', 'Paul'],
      places: ['Lyon'],
    });
    expect(
      readPrompt('Nikos lives in Αθήνα with Ελένη; Ελένη keeps the family taverna, the taverna is failing.'),
    ).toEqual({ names: ['Nikos', 'Ελένη'], places: ['Αθήνα'], subjects: ['taverna'] });
  });

  it('does not take German nouns, articles or sentence openers for names', () => {
    expect(
      readPrompt(
        'Anna lebt in Hamburg und sucht ihren Bruder Jonas. Die Stadt ist kalt, voller Geheimnisse.',
        'german',
      ),
    ).toMatchObject({ names: ['Anna', 'Jonas'], places: ['Hamburg'] });
    expect(readPrompt('The war is over. When the soldiers return, nobody waits for them.').names).toEqual([]);
  });

  it('finds nothing to name in emoji, digits or uncased scripts, and never fails', () => {
    expect(readPrompt('😀'.repeat(500))).toEqual({ names: [], places: [], subjects: [] });
    expect(readPrompt('東京の小さな書店で、古い地図が見つかる。').names).toEqual([]);
    expect(readPrompt('')).toEqual({ names: [], places: [], subjects: [] });
  });

  test.prop([fc.string({ unit: 'grapheme', maxLength: 400 })])(
    'gives whole words of the prompt, well-formed and at most 60 code units, for any text',
    (prompt) => {
      const words = readPrompt(prompt);
      for (const piece of [...words.names, ...words.places, ...words.subjects]) {
        expect(piece.length).toBeGreaterThan(0);
        expect(piece.length).toBeLessThanOrEqual(60);
        expect(/\p{Cs}/u.test(piece)).toBe(false);
      }
    },
  );
});
