import type { TiptapDocument } from '@bookwright/contracts/http';
import { describe, expect, it } from 'vitest';
import { fontFamilies, scriptFamilies } from '../fonts';
import { renderInteriorPdf } from './render-interior';
import { caseRuns, emulatedSmallCapScale, smallCapitals } from './small-caps';
import { typesetExportBook } from './testing/books';
import { missingTools, pdfPageTexts, pdfWordBoxes } from './testing/poppler';

const noTools = missingTools().length > 0;

describe('small capitals in print', () => {
  it('are the body face’s own (OpenType smcp), one inline as the run was', () => {
    expect(smallCapitals({ text: 'Anno Domini', italics: true }, 11)).toEqual([
      { text: 'Anno Domini', italics: true, fontFeatures: ['smcp'] },
    ]);
    expect(smallCapitals({ text: 'Ad', font: fontFamilies.body }, 11)).toEqual([
      { text: 'Ad', font: fontFamilies.body, fontFeatures: ['smcp'] },
    ]);
  });

  it('are emulated in a fallback face: lowercase letters as capitals at 0.8 of the size', () => {
    const font = fontFamilies.fallback;
    expect(smallCapitals({ text: 'Ǆemal 42é', font }, 10)).toEqual([
      { text: 'Ǆ', font },
      { text: 'EMAL', font, fontSize: 10 * emulatedSmallCapScale },
      { text: ' 42', font },
      { text: 'É', font, fontSize: 10 * emulatedSmallCapScale },
    ]);
  });

  it('leave scripts without case as they are, and keep a combining mark on its letter', () => {
    const font = scriptFamilies.arabic;
    expect(smallCapitals({ text: 'مرحبا', font }, 10)).toEqual([{ text: 'مرحبا', font }]);
    expect(smallCapitals({ text: '東京', font: scriptFamilies.japanese }, 10)).toEqual([
      { text: '東京', font: scriptFamilies.japanese },
    ]);
    expect(caseRuns('Ae\u0301X')).toEqual([
      { text: 'A', lower: false },
      { text: 'e\u0301', lower: true },
      { text: 'X', lower: false },
    ]);
    expect(caseRuns('ß')).toEqual([{ text: 'ß', lower: true }]);
  });

  it.skipIf(noTools)('print as small capitals whose text still reads as written', async () => {
    const words = 'Anno Domini 1492';
    const paragraph = (marks: { type: string }[]) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: words, ...(marks.length > 0 ? { marks } : {}) }],
    });
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'One' }] },
        paragraph([]),
        paragraph([{ type: 'smallCaps' }]),
      ],
    };
    const { pdf } = await renderInteriorPdf(typesetExportBook({ document }), {
      platform: 'kdp',
      exportType: 'interior',
      trimSize: '6x9',
      paperColor: 'white',
      isPaperback: true,
      bleed: false,
    });
    const text = pdfPageTexts(pdf).join('\n');
    expect(text.match(/Anno Domini 1492/g)).toHaveLength(2);
    // The lowercase letters are set as capitals about as tall as an x-height: "Domini" is wider than in
    // lowercase, narrower than in full capitals.
    const [plain, small] = pdfWordBoxes(pdf).filter((box) => box.word === 'Domini');
    expect(plain && small).toBeTruthy();
    const height = (box: typeof plain) => box!.yMax - box!.yMin;
    expect(small!.xMax - small!.xMin).toBeGreaterThan(plain!.xMax - plain!.xMin);
    expect(height(small)).toBeCloseTo(height(plain), 0);
  });
});
