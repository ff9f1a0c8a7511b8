import { describe, expect, it } from 'vitest';
import { bookLanguages } from '@bookwright/contracts/http';
import { bankFor } from '.';

const english = bankFor('english').demo;
const languages = bookLanguages.map((l) => l.value).filter((l) => l !== 'english');

describe('the phrase banks', () => {
  it('every language has demo phrases of its own', () => {
    for (const language of languages) {
      const demo = bankFor(language).demo;
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(demo[key], `${language}.demo.${key}`).not.toBe(english[key]);
      }
      expect(demo.cast).toContain('{names}');
    }
  });
});
