/**
 * Measures the page estimate against the printed interior: the offline writer's book at each calibration
 * length, printed at every trim size as the KDP interior PDF (renderInteriorPdf, pages counted with pdfinfo),
 * next to estimatePages: the figures printCapacity (contracts/src/constants/print.ts) is fitted to, and what
 * services/export/src/pdf/page-estimate.test.ts holds to 5%. Run it after any change to the print typography.
 *
 *   node --import tsx bench/page-estimate/run.ts
 */
import {
  chapterCharacters,
  documentText,
  estimatePages,
  trimSizes,
  type PrintOptions,
} from '@bookwright/contracts/http';
import { renderInteriorPdf } from '../../services/export/src/pdf/render-interior';
import { benchLengths } from '../../services/export/src/pdf/testing/page-estimate-books';
import { offlineBook } from '../../services/export/src/pdf/testing/offline-book';
import { pdfInfo } from '../../services/export/src/pdf/testing/poppler';
import { printResults } from '../support/results';

process.stdout.write('| length | characters | trim | printed | estimate | off |\n|---|---|---|---|---|---|\n');
let worst = 0;
for (const [name, length] of Object.entries(benchLengths)) {
  const book = await offlineBook(length);
  const characters = documentText(book.document).length;
  for (const { value: trimSize } of trimSizes) {
    const print: PrintOptions = {
      platform: 'kdp',
      exportType: 'interior',
      trimSize,
      paperColor: 'white',
      isPaperback: true,
      bleed: false,
    };
    const printed = pdfInfo((await renderInteriorPdf(book, print)).pdf).pages;
    const estimate = estimatePages(chapterCharacters(book.document), trimSize);
    const off = (estimate - printed) / printed;
    worst = Math.max(worst, Math.abs(off));
    const row = `| ${name} | ${characters} | ${trimSize} | ${printed} | ${estimate} | ${(off * 100).toFixed(1)}% |`;
    process.stdout.write(`${row}\n`);
  }
}
const worstPercent = Number((worst * 100).toFixed(1));
printResults('page-estimate', [
  {
    figure: 'page estimate: largest deviation from the printed interior (6 lengths × 5 trims)',
    value: worstPercent,
    unit: '%',
    target: '≤ 5%',
    met: worst <= 0.05,
  },
]);
process.exitCode = worst <= 0.05 ? 0 : 1;
