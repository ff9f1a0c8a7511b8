import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { TranslationTitleSchema } from '@bookwright/contracts/http';
import { checkedModelTitle } from './translation-title';

describe("checking a model's translation title", () => {
  it.each([
    ['"The Letters"', 'The Letters'],
    ['„Die Briefe“', 'Die Briefe'],
    ['«Les Lettres»', 'Les Lettres'],
    ['「灯台守の手紙」', '灯台守の手紙'],
    ['**The Letters**', 'The Letters'],
    ['Title: The   Letters ', 'The Letters'],
    ['Titre : Les Lettres', 'Les Lettres'],
    ["The Keeper's Letters", "The Keeper's Letters"],
  ])('reads %s as %s', (answer, title) => {
    expect(checkedModelTitle(answer, 'Original')).toBe(title);
  });

  it.each(['', '   ', '""', 'A <i>B</i>', 'A\nB', '"A', 'A»', 'x'.repeat(201), ' ORIGINAL '])(
    'refuses %j',
    (answer) => {
      expect(checkedModelTitle(answer, 'Original')).toBeNull();
    },
  );

  test.prop([fc.string({ maxLength: 260 }), fc.string({ maxLength: 40 })])(
    'answers only titles the translate request accepts, without markup, line breaks or the original again',
    (answer, original) => {
      const title = checkedModelTitle(answer, original);
      if (title === null) return;
      expect(TranslationTitleSchema.parse(title)).toBe(title);
      expect(title).not.toMatch(/[<>\n\r]/);
      expect(title.toLocaleLowerCase()).not.toBe(original.trim().replace(/\s+/g, ' ').toLocaleLowerCase());
    },
  );
});
