import { writeFileSync } from 'node:fs';
import { renderInteriorPdf } from './pdf/render-interior';
import { buildExportBook, prose } from './pdf/testing/books';
import { pdfPageTexts, renderPagePngs } from './pdf/testing/poppler';
const t = (text: string) => ({ type: 'text', text });
const p = (text: string) => ({ type: 'paragraph', content: [t(text)] });
const book = buildExportBook({
  title: 'Bidi שלום עולם',
  document: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [t('One')] },
      p('Hebrew: שלום עולם, she said. Arabic: مرحبا بالعالم, he said.'),
      p('In 2024 the sign read שלום 123 עולם and then مرحبا 45 بالعالم, page 7.'),
      p(`Long quotation: ${'מה שלומך היום חבר יקר '.repeat(6)}and after. ${prose(1, 40)}`),
      p('שלום עולם, this paragraph starts in Hebrew and goes on in English for a while so that it wraps over two lines at least.'),
      p(prose(2, 60)),
    ],
  } as never,
});
const r = await renderInteriorPdf(book, { platform: 'kdp', exportType: 'interior', trimSize: '6x9', paperColor: 'white', isPaperback: true, bleed: false });
writeFileSync('/tmp/rtl/i.pdf', r.pdf);
const pages = pdfPageTexts(r.pdf);
pages.forEach((x, i) => { if (/[\u0590-\u06ff]/.test(x)) console.log(`--- page ${i + 1}\n${x}`); });
