/**
 * The link-preview image of the public pages (Open Graph / Twitter card, 1200 × 630): the wordmark, the
 * tagline and the sample books' covers (built by scripts/sample-books). Output: web/public/og-image.png.
 *
 * Run after the sample books: node --import tsx scripts/og-image/build-og-image.ts
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const samples = JSON.parse(
  await readFile(join(repo, 'web', 'src', 'features', 'landing', 'sample-books.json'), 'utf8'),
) as { coverUrl: string }[];

const width = 1200;
const height = 630;
const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a2a3f"/><stop offset="1" stop-color="#111c2b"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="80" y="96" width="56" height="56" rx="12" fill="#fbf8f3"/>
  <path d="M96 108h16a8 8 0 0 1 8 8v24h-17a7 7 0 0 1-7-7z" fill="#1a2a3f"/>
  <path d="M103 108v32" stroke="#c2781a" stroke-width="3"/>
  <text x="156" y="138" font-family="DejaVu Serif, serif" font-size="38" font-weight="bold" fill="#fbf8f3">Bookwright</text>
  <text x="80" y="270" font-family="DejaVu Serif, serif" font-size="58" font-weight="bold" fill="#ffffff">Write the book you</text>
  <text x="80" y="340" font-family="DejaVu Serif, serif" font-size="58" font-weight="bold" fill="#ffffff">have always meant</text>
  <text x="80" y="410" font-family="DejaVu Serif, serif" font-size="58" font-weight="bold" fill="#ffffff">to write.</text>
  <text x="80" y="500" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#c4d3e5">Plan, write, edit, design and export EPUB and KDP print PDF.</text>
  <rect x="80" y="540" width="72" height="6" rx="3" fill="#c2781a"/>
</svg>`);

const covers = await Promise.all(
  samples.slice(0, 2).map((book) =>
    sharp(join(repo, 'web', 'public', book.coverUrl))
      .resize({ width: 200, height: 300 })
      .png()
      .toBuffer(),
  ),
);
await sharp(background)
  .composite(covers.map((input, i) => ({ input, left: 740 + i * 220, top: i === 0 ? 150 : 190 })))
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(join(repo, 'web', 'public', 'og-image.png'));
console.log('web/public/og-image.png written');
