import type { Content, ContentText } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { fontFamilies } from '../fonts';
import { createHyphenation, hyphenationPass } from './hyphenate';
import { finishPdf, layoutPdf } from './pdfmake';
import { germanProse, prose } from './testing/books';
import { missingTools, pdfWordBoxes } from './testing/poppler';

const noTools = missingTools(['pdftotext']).length > 0;

/**
 * The hyphenation pass hands pdfmake whole words and splits one into its parts only at a line end
 * (word-parts.ts). Soft hyphens in the text itself (as an author types them) still reach pdfmake as
 * part-words. Both must print the same: the same words at the same places.
 */
describe.skipIf(noTools)('hyphenated words laid out whole', () => {
  const paragraphs = (language: 'english' | 'german', hyphenate: (text: string) => string): ContentText[] => {
    const words = language === 'german' ? germanProse : prose;
    return [
      { text: hyphenate(words(1, 120)), alignment: 'justify', leadingIndent: 14, keepLines: true } as ContentText,
      {
        text: [
          hyphenate(`${words(2, 30)} light`),
          { text: hyphenate('housekeeping'), italics: true },
          hyphenate(` ${words(3, 40)}\n${words(4, 25)} `),
          { text: 'unbreakable wonderful', font: fontFamilies.body },
          hyphenate(` ${words(5, 60)} remembered`),
        ],
        alignment: 'justify',
      },
      { text: hyphenate(words(6, 80)), alignment: 'justify', unbreakable: true },
    ];
  };
  const layout = async (content: Content[], width: number) => {
    const doc = await layoutPdf({
      pageSize: { width, height: 600 },
      pageMargins: [30, 30, 30, 30],
      defaultStyle: { font: fontFamilies.body, fontSize: 11 },
      content,
    });
    return pdfWordBoxes(await finishPdf(doc));
  };

  for (const language of ['english', 'german'] as const) {
    for (const width of [150, 230, 330]) {
      it(`${language}, ${width} pt wide: the same words at the same places as from part-words`, async () => {
        const hyphenate = createHyphenation(language);
        const fromParts = await layout(paragraphs(language, hyphenate), width);
        const whole = paragraphs(language, (text) => text);
        hyphenationPass(hyphenate)(whole);
        expect(whole.some((node) => (node as { _hyphenated?: string })._hyphenated?.includes('\u00ad'))).toBe(true);
        const fromWords = await layout(whole, width);
        expect(fromParts.filter((box) => box.word.endsWith('-')).length).toBeGreaterThan(0);
        expect(fromWords).toEqual(fromParts);
      });
    }
  }
});
