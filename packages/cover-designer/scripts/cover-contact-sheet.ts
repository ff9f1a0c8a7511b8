// Renders the offline cover designer's 125 combinations (style × mood × colour scheme) into contact sheets,
// one PNG per colour scheme (rows: styles, columns: moods), plus a sheet of the three dimensions and one of
// hard titles. For looking at, not for tests.
//   node --import tsx packages/cover-designer/scripts/cover-contact-sheet.ts [outDir] [coverWidth]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { CoverColorSchemeSchema, CoverMoodSchema, CoverStyleSchema } from '@bookwright/contracts/http';
import type { CoverDesign } from '@bookwright/ai';
import { renderTypographicCover } from '../src/designer';

const outDir = process.argv[2] ?? '/tmp/covers';
const coverWidth = Number(process.argv[3] ?? 320);
const coverHeight = Math.round(coverWidth * 1.5);
const gap = 16;
const label = 28;

const styles = CoverStyleSchema.options;
const moods = CoverMoodSchema.options;
const schemes = CoverColorSchemeSchema.options;

const book = {
  title: 'The Lighthouse at the Edge of the World',
  subtitle: 'A Novel',
  author: 'Marta Kowalczyk',
  genre: 'adventure',
  language: 'english',
} as const satisfies Partial<CoverDesign>;

async function labelPng(text: string, width: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${label}"><text x="4" y="20" font-family="DejaVu Sans" font-size="15" fill="#333">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function sheet(
  name: string,
  cells: { design: CoverDesign; caption: string; width?: number; height?: number }[][],
): Promise<void> {
  const cols = Math.max(...cells.map((row) => row.length));
  const cellW = Math.max(...cells.flat().map((c) => c.width ?? coverWidth));
  const cellH = Math.max(...cells.flat().map((c) => c.height ?? coverHeight));
  const width = cols * (cellW + gap) + gap;
  const height = cells.length * (cellH + label + gap) + gap;
  const composites: OverlayOptions[] = [];
  for (const [r, row] of cells.entries()) {
    for (const [c, cell] of row.entries()) {
      const started = Date.now();
      const { png } = await renderTypographicCover(cell.design, cell.width ?? coverWidth, cell.height ?? coverHeight);
      const ms = Date.now() - started;
      const left = gap + c * (cellW + gap);
      const top = gap + r * (cellH + label + gap);
      composites.push({ input: await labelPng(`${cell.caption} (${ms} ms)`, cellW), left, top });
      composites.push({ input: png, left, top: top + label });
    }
  }
  const file = join(outDir, `${name}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#e8e6e1' } })
    .composite(composites)
    .png()
    .toFile(file);
  console.log(file);
}

await mkdir(outDir, { recursive: true });
const only = process.env.SHEETS?.split(',');
for (const scheme of schemes) {
  if (only && !only.includes(scheme)) continue;
  await sheet(
    `scheme-${scheme}`,
    styles.map((style) =>
      moods.map((mood) => ({
        design: { ...book, style, mood, colorScheme: scheme },
        caption: `${style} · ${mood} · ${scheme}`,
      })),
    ),
  );
}
if (!only || only.includes('dimensions')) {
  await sheet(
    'dimensions',
    styles.map((style) =>
      (['1024x1024', '1024x1536', '1536x1024'] as const).map((dimensions) => {
        const [w, h] = dimensions.split('x').map(Number) as [number, number];
        const scale = coverWidth / 1024;
        return {
          design: { ...book, style, mood: 'mysterious', colorScheme: 'cool' },
          caption: `${style} ${dimensions}`,
          width: Math.round(w * scale),
          height: Math.round(h * scale),
        };
      }),
    ),
  );
}
if (!only || only.includes('titles')) {
  const titles: Partial<CoverDesign>[] = [
    { title: 'Ōkami', author: 'A' },
    { title: 'Žluťoučký kůň úpěl ďábelské ódy', author: 'Jiří Dvořák', language: 'czech' },
    { title: 'Zażółć gęślą jaźń', subtitle: 'Opowieść o Łodzi', author: 'Łucja Świątek', language: 'polish' },
    { title: 'İstanbul’un ışıkları', author: 'Ayşe Yıldız', language: 'turkish' },
    { title: 'Ķēniņš un mežs', author: 'Ģirts Ābele', language: 'latvian' },
    { title: 'Ąžuolų šešėlis', author: 'Žydrūnė Šimkutė', language: 'lithuanian' },
    { title: 'Șoapte în ceață', author: 'Ștefan Țepeș', language: 'romanian' },
    { title: 'Straße der Fußgänger', author: 'Jürgen Groß', language: 'german' },
    {
      title:
        'A Very Long Title That Goes On And On About The Extraordinary Adventures Of Someone Who Never Stopped Talking Even When The Book Was Done',
      subtitle: 'And an equally long subtitle that explains everything the title forgot to say, at length',
      author: 'Bartholomew Maximilian Featherstonehaugh-Wolfeschlegelsteinhausen',
    },
    { title: 'Supercalifragilisticexpialidociousnessesque', author: 'Mary P.' },
  ];
  await sheet(
    'titles',
    [0, 1].map((half) =>
      titles.slice(half * 5, half * 5 + 5).map((t, i) => {
        const style = styles[(i + half) % styles.length]!;
        return {
          design: {
            ...book,
            subtitle: null,
            ...t,
            style,
            mood: moods[(i * 2 + half) % moods.length]!,
            colorScheme: schemes[(i + 2 * half) % schemes.length]!,
          } as CoverDesign,
          caption: `${style}`,
        };
      }),
    ),
  );
}
