import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bookLanguages, CoverColorSchemeSchema, CoverMoodSchema, CoverStyleSchema } from '@bookwright/contracts/http';
import type { CoverDesign } from '@bookwright/ai';
import { coverSvg, renderTypographicCover, typesetOverImage, type CoverLayout } from './designer';
import { font, type FontName } from './fonts';
import { fitText, shape } from './text';

const styles = CoverStyleSchema.options;
const moods = CoverMoodSchema.options;
const schemes = CoverColorSchemeSchema.options;
const book = { title: 'The Lighthouse at the Edge of the World', subtitle: 'A Novel', author: 'Marta Kowalczyk' };

/** Every text box lies inside the cover with a margin. */
function expectInside(layout: CoverLayout, margin = 0.03) {
  for (const [role, box] of Object.entries(layout.text)) {
    const where = `${role} ${JSON.stringify(box)}`;
    expect(box.x, where).toBeGreaterThanOrEqual(layout.width * margin - 0.5);
    expect(box.y, where).toBeGreaterThanOrEqual(layout.height * margin - 0.5);
    expect(box.x + box.width, where).toBeLessThanOrEqual(layout.width * (1 - margin) + 0.5);
    expect(box.y + box.height, where).toBeLessThanOrEqual(layout.height * (1 - margin) + 0.5);
  }
}

function overlaps(a: { y: number; height: number }, b: { y: number; height: number }): boolean {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the offline cover designer', () => {
  it('renders all 125 style × mood × scheme combinations, every one visibly different from every other', async () => {
    const thumbs: { name: string; pixels: Buffer }[] = [];
    for (const style of styles) {
      for (const mood of moods) {
        for (const colorScheme of schemes) {
          const { png, layout } = await renderTypographicCover({ ...book, style, mood, colorScheme }, 160, 240);
          expectInside(layout);
          expect(layout.text.title?.lines).toBeGreaterThan(0);
          expect(layout.text.author).toBeDefined();
          const pixels = await sharp(png).resize(32, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer();
          thumbs.push({ name: `${style}/${mood}/${colorScheme}`, pixels });
        }
      }
    }
    expect(thumbs).toHaveLength(125);
    // Mean absolute difference per channel between every pair of small thumbnails.
    let closest = { distance: Number.POSITIVE_INFINITY, pair: '' };
    for (let i = 0; i < thumbs.length; i += 1) {
      for (let j = i + 1; j < thumbs.length; j += 1) {
        const a = thumbs[i]!.pixels;
        const b = thumbs[j]!.pixels;
        let sum = 0;
        for (let k = 0; k < a.length; k += 1) sum += Math.abs(a[k]! - b[k]!);
        const distance = sum / a.length;
        if (distance < closest.distance) closest = { distance, pair: `${thumbs[i]!.name} ~ ${thumbs[j]!.name}` };
      }
    }
    expect(closest.distance, closest.pair).toBeGreaterThan(2);
  }, 120_000);

  it('renders the three dimensions of spec §9 at full size, type inside and clear of each other', async () => {
    // Half size (the layout is proportional); one style at full size.
    for (const [width, height] of [
      [512, 768],
      [512, 512],
      [768, 512],
      [1024, 1536],
    ] as const) {
      for (const style of width === 1024 ? (['fantasy'] as const) : styles) {
        const { png, layout } = await renderTypographicCover(
          { ...book, style, mood: 'adventure', colorScheme: 'muted' },
          width,
          height,
        );
        expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width, height });
        expectInside(layout);
        expect(overlaps(layout.text.title!, layout.text.author!)).toBe(false);
        expect(overlaps(layout.text.subtitle!, layout.text.author!)).toBe(false);
      }
    }
  }, 120_000);

  it('never lets a title, subtitle or author leave its place, however long', () => {
    const long: Partial<CoverDesign>[] = [
      { title: 'A', author: 'B' },
      { title: 'Supercalifragilisticexpialidociousnessesquelyunbelievable', author: 'Mary' },
      {
        title:
          'A Very Long Title That Goes On And On About The Extraordinary Adventures Of Someone Who Never Stopped Talking Even When The Book Was Done And Dusted',
        subtitle:
          'And an equally long subtitle that explains everything the title forgot to say, at length and in detail',
        author: 'Bartholomew Maximilian Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff',
      },
      { title: 'X'.repeat(200), subtitle: 'Y '.repeat(100), author: 'Z'.repeat(120) },
    ];
    for (const design of long) {
      for (const style of styles) {
        for (const [width, height] of [
          [1024, 1536],
          [1536, 1024],
        ] as const) {
          const { layout } = coverSvg(
            { ...book, subtitle: null, ...design, style, mood: 'dramatic', colorScheme: 'warm' } as CoverDesign,
            width,
            height,
          );
          expectInside(layout);
          if (layout.text.subtitle) expect(overlaps(layout.text.subtitle, layout.text.author!)).toBe(false);
          expect(overlaps(layout.text.title!, layout.text.author!)).toBe(false);
        }
      }
    }
  });

  it('has a glyph for every letter of the 23 book languages in every face it uses', () => {
    // Pangrams and the special letters of each language.
    const letters =
      'ÁÀÂÄÃÅĀĂĄÆÇĆČĎĐÉÈÊËĒĖĘĚĞĢÍÌÎÏĪĮİĶĹĻĽŁŃŅŇÑÓÒÔÖÕŐØŒŔŘŚŞŠȘßŤŢȚÚÙÛÜŪŮŰŲÝŸŹŻŽÞÐ' +
      'áàâäãåāăąæçćčďđéèêëēėęěğģíìîïīįıķĺļľłńņňñóòôöõőøœŕřśşšșťţțúùûüūůűųýÿźżžþð' +
      '„“”‚‘’«»–—…';
    const faces: FontName[] = [
      'literata',
      'literataItalic',
      'literataSemiBold',
      'literataBlack',
      'notoSerif',
      'notoSerifItalic',
      'notoSerifBold',
      'notoSerifMedium',
      'sans',
      'sansBold',
      'sansCondensedBold',
    ];
    for (const face of faces) {
      const missing = [...letters].filter((c) => !font(face).hasGlyphForCodePoint(c.codePointAt(0)!));
      expect(missing, face).toEqual([]);
      const shaped = shape(letters, { font: face });
      expect(
        shaped.glyphs.some((g) => g.glyph.id === 0),
        face,
      ).toBe(false);
    }
    expect(bookLanguages).toHaveLength(23);
  });

  it('sets capitals the way each language does (Turkish dotted İ) and falls back for other scripts', () => {
    expect(shape('istanbul', { font: 'sans', uppercase: true, locale: 'tr' }).text).toBe('İSTANBUL');
    expect(shape('istanbul', { font: 'sans', uppercase: true, locale: 'en' }).text).toBe('ISTANBUL');
    expect(shape('Straße', { font: 'sans', uppercase: true }).text).toBe('STRAßE');
    // Greek and Cyrillic are not in Literata's Latin set: DejaVu Sans draws them, never an empty box.
    const mixed = shape('Ἀθῆναι Москва', { font: 'literata' });
    expect(mixed.glyphs.some((g) => g.glyph.id === 0)).toBe(false);
    // Scripts DejaVu Sans lacks too: a Noto face of the script draws them.
    for (const title of ['未来からの手紙', '你好世界', '안녕하세요', 'नमस्ते दुनिया', 'สวัสดีชาวโลก', 'مرحبا שלום']) {
      expect(
        shape(title, { font: 'literata' }).glyphs.some((g) => g.glyph.id === 0),
        title,
      ).toBe(false);
    }
  });

  it('fits text to its box: the largest size, balanced lines, never outside', () => {
    const box = { x: 50, y: 60, width: 400, height: 200 };
    const fitted = fitText('The Dark Lighthouse of Port Ardel', {
      font: 'literataBold',
      box,
      maxSize: 120,
      minSize: 12,
      lineHeight: 1.1,
      maxLines: 3,
    });
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.ink.x).toBeGreaterThanOrEqual(box.x - 0.01);
    expect(fitted.ink.x + fitted.ink.width).toBeLessThanOrEqual(box.x + box.width + 0.01);
    expect(fitted.ink.y).toBeGreaterThanOrEqual(box.y - 0.01);
    expect(fitted.ink.y + fitted.ink.height).toBeLessThanOrEqual(box.y + box.height + 0.01);
    // Balanced: the lines are of similar length.
    const widths = fitted.lines.map((l) => l.shaped.width);
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.5);
    // Random strings of every length stay inside too.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 60; i += 1) {
      const words = Array.from({ length: 1 + Math.floor(random() * 25) }, () =>
        Array.from(
          { length: 1 + Math.floor(random() * 18) },
          () => 'aąbcčdeęėfghiįjklłmnoóprsštuųūvwyzžWMŁŻ'[Math.floor(random() * 38)],
        ).join(''),
      );
      const text = words.join(' ');
      const fit = fitText(text, {
        font: 'notoSerifBold',
        uppercase: random() > 0.5,
        tracking: 0.05,
        box,
        maxSize: 150,
        minSize: 20,
        lineHeight: 1,
        maxLines: 3,
      });
      expect(fit.ink.x + fit.ink.width, text).toBeLessThanOrEqual(box.x + box.width + 0.01);
      expect(fit.ink.y + fit.ink.height, text).toBeLessThanOrEqual(box.y + box.height + 0.01);
      expect(fit.ink.x, text).toBeGreaterThanOrEqual(box.x - 0.01);
      expect(fit.ink.y, text).toBeGreaterThanOrEqual(box.y - 0.01);
    }
  });

  it('typesets over an existing picture of any size, keeping its size', async () => {
    const art = await sharp({ create: { width: 900, height: 1300, channels: 3, background: '#7aa0c0' } })
      .png()
      .toBuffer();
    for (const style of styles) {
      const { png, layout } = await typesetOverImage(art, { ...book, style, mood: 'peaceful', colorScheme: 'cool' });
      expect(await sharp(png).metadata()).toMatchObject({ width: 900, height: 1300 });
      expectInside(layout);
    }
  });

  it('is deterministic for a seed, and another seed gives another composition', async () => {
    const design: CoverDesign = { ...book, style: 'realistic', mood: 'adventure', colorScheme: 'warm', seed: 'a' };
    expect(coverSvg(design, 400, 600).svg).toBe(coverSvg(design, 400, 600).svg);
    expect(coverSvg({ ...design, seed: 'b' }, 400, 600).svg).not.toBe(coverSvg(design, 400, 600).svg);
  });
});
