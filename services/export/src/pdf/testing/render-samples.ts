/**
 * Renders sample print files and contact sheets to look at (a print book should look like one):
 *
 *   node --import tsx services/export/src/pdf/testing/render-samples.ts [out-dir=/tmp/pdfshots]
 *
 * Writes interior.pdf and cover.pdf, PNGs of every interior page at 60 dpi (pdftoppm), and sheets:
 * front-matter.png (half-title, title, copyright, contents), opener.png (blank verso + chapter opener),
 * spread.png (a body verso and recto), rich.png (lists, quote, scene break), cover.png (the full wrap).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrintOptions } from '@bookwright/contracts/http';
import sharp from 'sharp';
import { renderCoverPdf } from '../render-cover';
import { renderInteriorPdf } from '../render-interior';
import { buildCoverImage, typesetExportBook } from './books';
import { pdfPageTexts, renderPagePngs } from './poppler';

const out = process.argv[2] ?? '/tmp/pdfshots';
mkdirSync(out, { recursive: true });

const print: PrintOptions = {
  platform: 'kdp',
  exportType: 'both',
  trimSize: '6x9',
  paperColor: 'cream',
  isPaperback: true,
  bleed: false,
};
const cover = await buildCoverImage(1900, 2850);
const book = typesetExportBook(
  {
    subtitle: 'A Novel of the Northern Coast',
    cover: { data: cover, contentType: 'image/png', widthPx: 1900, heightPx: 2850 },
    description:
      'A keeper of a coastal lighthouse finds a letter that changes the village.\n\nWhen the storm comes, she must decide whether to keep the light burning or follow the letter across the sea.',
  },
  { chapters: 12, wordsPerChapter: 2600, richFirstChapter: true, samples: ['czech', 'polish', 'turkish', 'latvian'] },
);

const interior = await renderInteriorPdf(book, print);
writeFileSync(join(out, 'interior.pdf'), interior.pdf);
const wrap = await renderCoverPdf(book, print, interior.pageCount);
writeFileSync(join(out, 'cover.pdf'), wrap);
renderPagePngs(interior.pdf, join(out, 'page'), { dpi: 60 });
renderPagePngs(wrap, join(out, 'wrap'), { dpi: 40 });

const pngs = readdirSync(out).filter((f) => /^page-\d+\.png$/.test(f));
const digits = (pngs[0] ?? 'page-1.png').replace(/\D/g, '').length;
const pagePng = (page: number) => join(out, `page-${String(page).padStart(digits, '0')}.png`);

async function sheet(name: string, files: string[]): Promise<void> {
  const images = await Promise.all(files.map(async (file) => ({ file, meta: await sharp(file).metadata() })));
  const gap = 8;
  const height = Math.max(...images.map((i) => i.meta.height ?? 0)) + 2 * gap;
  let x = gap;
  const composite = images.map((i) => {
    const item = { input: i.file, left: x, top: gap };
    x += (i.meta.width ?? 0) + gap;
    return item;
  });
  await sharp({ create: { width: x, height, channels: 3, background: '#888888' } })
    .composite(composite)
    .png()
    .toFile(join(out, name));
}

const texts = pdfPageTexts(interior.pdf);
const firstOpener = texts.findIndex((t, i) => i > 4 && t.trim().startsWith('Chapter 1:')) + 1;
const secondOpener = texts.findIndex((t) => t.trim().startsWith('Chapter 2:')) + 1;
await sheet('front-matter.png', [1, 3, 4, 5].map(pagePng));
await sheet('rich.png', [firstOpener, firstOpener + 1, firstOpener + 2].map(pagePng));
await sheet('opener.png', [secondOpener - 1, secondOpener].map(pagePng));
await sheet('spread.png', [secondOpener + 1, secondOpener + 2].map(pagePng));
await sheet('cover.png', [join(out, 'wrap-1.png')]);
process.stdout.write(`${interior.pageCount} pages; sheets in ${out}\n`);
