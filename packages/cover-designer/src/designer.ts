import sharp from 'sharp';
import { bookLanguages } from '@bookwright/contracts/http';
import { hashString, Random } from '@bookwright/offline/random';
import type { CoverDesign, CoverStyle } from '@bookwright/ai';
import type { FontName } from './fonts';
import { hex, oklch, paletteFor, type Palette } from './palette';
import {
  fantasy,
  illustrated,
  minimalist,
  realistic,
  vintage,
  vintageInks,
  type Art,
  type SceneContext,
} from './scenes';
import { n } from './svg';
import { fitText, pathData, type Box, type FittedText } from './text';

/**
 * The offline typographic cover designer: a complete cover (art and type) from the style, mood and colour
 * scheme, drawn as SVG and rendered by sharp (librsvg). The art follows the style (photographic light,
 * flat paper-cut shapes, one accent on an empty page, a framed antique binding, a glowing sigil); the
 * palette follows scheme × mood; the type follows the style with a clear hierarchy (title, subtitle,
 * author), fitted to its box so that no title of any length ever leaves it.
 */

export type TextRole = 'title' | 'subtitle' | 'author';

export interface CoverLayout {
  width: number;
  height: number;
  /** The inked box of each text that was set, in px. */
  text: Partial<Record<TextRole, Box & { size: number; lines: number }>>;
}

export interface RenderedCover {
  png: Buffer;
  layout: CoverLayout;
}

interface RoleSpec {
  font: FontName;
  uppercase?: boolean;
  tracking?: number;
  lineHeight: number;
  maxLines: number;
  /** Font sizes as fractions of the cover's height. */
  maxSize: number;
  minSize: number;
  align: 'left' | 'center';
}

interface TypeSpec {
  title: RoleSpec & { zone: Zone; valign: 'top' | 'middle' };
  subtitle: RoleSpec;
  author: RoleSpec & { zone: Zone };
  /** Space between title and subtitle, fraction of height. */
  gap: number;
  effect: 'shadow' | 'glow' | 'flat';
}

/** A box in fractions of the cover (x and width of its width, y and height of its height). */
interface Zone {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The type of each style: fonts, sizes and zones of title, subtitle and author. */
const typeSpecs: Record<CoverStyle, (design: CoverDesign) => TypeSpec> = {
  realistic: realisticType,
  illustrated: illustratedType,
  minimalist: minimalistType,
  vintage: vintageType,
  fantasy: fantasyType,
};

/** Poster type over a photograph: a serif italic for soft moods, condensed capitals for the others. */
function realisticType(design: CoverDesign): TypeSpec {
  const soft = design.mood === 'romantic' || design.mood === 'peaceful';
  return {
    title: soft
      ? {
          font: 'notoSerifItalic',
          lineHeight: 1.05,
          maxLines: 3,
          maxSize: 0.1,
          minSize: 0.028,
          align: 'center',
          zone: { x: 0.08, y: 0.07, w: 0.84, h: 0.24 },
          valign: 'top',
        }
      : {
          font: 'sansCondensedBold',
          uppercase: true,
          tracking: 0.03,
          lineHeight: 0.98,
          maxLines: 3,
          maxSize: 0.12,
          minSize: 0.028,
          align: 'center',
          zone: { x: 0.08, y: 0.065, w: 0.84, h: 0.25 },
          valign: 'top',
        },
    subtitle: {
      font: soft ? 'notoSerif' : 'sans',
      uppercase: !soft,
      tracking: soft ? 0 : 0.12,
      lineHeight: 1.25,
      maxLines: 2,
      maxSize: 0.026,
      minSize: 0.014,
      align: 'center',
    },
    author: {
      font: 'sans',
      uppercase: true,
      tracking: 0.22,
      lineHeight: 1.2,
      maxLines: 1,
      maxSize: 0.032,
      minSize: 0.014,
      align: 'center',
      zone: { x: 0.1, y: 0.885, w: 0.8, h: 0.05 },
    },
    gap: 0.022,
    effect: 'shadow',
  };
}

/** A heavy storybook serif with a bold sans author. */
function illustratedType(): TypeSpec {
  return {
    title: {
      font: 'literataBlack',
      tracking: -0.005,
      lineHeight: 1.0,
      maxLines: 3,
      maxSize: 0.11,
      minSize: 0.028,
      align: 'center',
      zone: { x: 0.08, y: 0.06, w: 0.84, h: 0.24 },
      valign: 'top',
    },
    subtitle: {
      font: 'literataItalic',
      lineHeight: 1.2,
      maxLines: 2,
      maxSize: 0.03,
      minSize: 0.015,
      align: 'center',
    },
    author: {
      font: 'sansBold',
      uppercase: true,
      tracking: 0.14,
      lineHeight: 1.2,
      maxLines: 1,
      maxSize: 0.03,
      minSize: 0.014,
      align: 'center',
      zone: { x: 0.1, y: 0.895, w: 0.8, h: 0.045 },
    },
    gap: 0.02,
    effect: 'flat',
  };
}

/** A quiet serif set left, with widely spaced sans capitals for the author. */
function minimalistType(): TypeSpec {
  return {
    title: {
      font: 'notoSerif',
      lineHeight: 1.08,
      maxLines: 4,
      maxSize: 0.075,
      minSize: 0.024,
      align: 'left',
      zone: { x: 0.1, y: 0.1, w: 0.8, h: 0.22 },
      valign: 'top',
    },
    subtitle: {
      font: 'notoSerifItalic',
      lineHeight: 1.3,
      maxLines: 2,
      maxSize: 0.024,
      minSize: 0.013,
      align: 'left',
    },
    author: {
      font: 'sans',
      uppercase: true,
      tracking: 0.3,
      lineHeight: 1.2,
      maxLines: 1,
      maxSize: 0.019,
      minSize: 0.011,
      align: 'left',
      zone: { x: 0.1, y: 0.905, w: 0.8, h: 0.025 },
    },
    gap: 0.025,
    effect: 'flat',
  };
}

/** Spaced capitals of a bookish serif, centred in the frame. */
function vintageType(): TypeSpec {
  return {
    title: {
      font: 'literataSemiBold',
      uppercase: true,
      tracking: 0.06,
      lineHeight: 1.08,
      maxLines: 4,
      maxSize: 0.085,
      minSize: 0.024,
      align: 'center',
      zone: { x: 0.15, y: 0.115, w: 0.7, h: 0.22 },
      valign: 'middle',
    },
    subtitle: {
      font: 'literataItalic',
      lineHeight: 1.25,
      maxLines: 2,
      maxSize: 0.028,
      minSize: 0.014,
      align: 'center',
    },
    author: {
      font: 'literata',
      uppercase: true,
      tracking: 0.16,
      lineHeight: 1.2,
      maxLines: 1,
      maxSize: 0.03,
      minSize: 0.014,
      align: 'center',
      zone: { x: 0.15, y: 0.815, w: 0.7, h: 0.05 },
    },
    gap: 0.05,
    effect: 'flat',
  };
}

/** Bold serif capitals with a glow. */
function fantasyType(): TypeSpec {
  return {
    title: {
      font: 'notoSerifBold',
      uppercase: true,
      tracking: 0.07,
      lineHeight: 1.02,
      maxLines: 3,
      maxSize: 0.105,
      minSize: 0.026,
      align: 'center',
      zone: { x: 0.08, y: 0.06, w: 0.84, h: 0.24 },
      valign: 'top',
    },
    subtitle: {
      font: 'notoSerifItalic',
      lineHeight: 1.25,
      maxLines: 2,
      maxSize: 0.028,
      minSize: 0.014,
      align: 'center',
    },
    author: {
      font: 'notoSerifMedium',
      uppercase: true,
      tracking: 0.24,
      lineHeight: 1.2,
      maxLines: 1,
      maxSize: 0.03,
      minSize: 0.014,
      align: 'center',
      zone: { x: 0.1, y: 0.9, w: 0.8, h: 0.045 },
    },
    gap: 0.02,
    effect: 'glow',
  };
}

const composers: Record<CoverStyle, (ctx: SceneContext) => Art> = {
  realistic,
  illustrated,
  minimalist,
  vintage,
  fantasy,
};

function localeOf(design: CoverDesign): string {
  return bookLanguages.find((l) => l.value === design.language)?.code ?? 'en';
}

interface Inks {
  light: string;
  dark: string;
  accent: string;
}

function inksOf(style: CoverStyle, palette: Palette): Inks {
  if (style === 'vintage') {
    const v = vintageInks(palette);
    return { light: v.ink, dark: v.ink, accent: v.second };
  }
  return {
    light: hex(oklch(0.975, 0.012, palette.glow.h)),
    dark: hex(oklch(0.2, Math.min(0.04, palette.land[3]!.c), palette.land[3]!.h)),
    accent: hex(palette.accent),
  };
}

/** Sets title, subtitle and author by the style's rules; returns the SVG and the inked boxes. */
function typeset(
  design: CoverDesign,
  width: number,
  height: number,
  tones: { title: 'light' | 'dark'; author: 'light' | 'dark' },
  inks: Inks,
  palette: Palette,
  overImage = false,
): { defs: string; svg: string; layout: CoverLayout } {
  const base = typeSpecs[design.style](design);
  // Over a picture, type always needs a shadow (or the fantasy glow) to stay legible.
  const spec: TypeSpec = overImage && base.effect === 'flat' ? { ...base, effect: 'shadow' } : base;
  const { title, subtitle, author, layout } = fitTexts(design, spec, width, height);
  const titleColor = tones.title === 'light' ? inks.light : inks.dark;
  const authorColor = tones.author === 'light' ? inks.light : inks.dark;
  const effect = typeEffect(spec.effect, title, height, tones, palette);
  const parts: string[] = [];
  parts.push(drawText(title, effect.titleFill ?? titleColor, effect.titleFilter));
  if (subtitle) {
    const color = design.style === 'vintage' ? inks.accent : titleColor;
    parts.push(drawText(subtitle, color, effect.otherFilter));
  }
  if (author) parts.push(drawText(author, authorColor, effect.otherFilter));
  if (!overImage) parts.push(decorations(design, width, height, layout, inks, titleColor));
  return { defs: effect.defs.join('\n'), svg: parts.join('\n'), layout };
}

/**
 * Fits title, subtitle and author into their zones and records where each was inked. With a subtitle the
 * title gives up the foot of its zone, and the subtitle follows where the title actually ends.
 */
function fitTexts(design: CoverDesign, spec: TypeSpec, width: number, height: number) {
  const locale = localeOf(design);
  const box = (zone: Zone): Box => ({
    x: zone.x * width,
    y: zone.y * height,
    width: zone.w * width,
    height: zone.h * height,
  });
  const fit = (text: string, role: RoleSpec, area: Box, valign: 'top' | 'middle' = 'middle') =>
    fitText(text, {
      font: role.font,
      ...(role.uppercase ? { uppercase: true } : {}),
      ...(role.tracking === undefined ? {} : { tracking: role.tracking }),
      locale,
      box: area,
      maxSize: role.maxSize * height,
      minSize: role.minSize * height,
      lineHeight: role.lineHeight,
      maxLines: role.maxLines,
      align: role.align,
      valign,
    });
  const layout: CoverLayout = { width, height, text: {} };
  const record = (role: TextRole, fitted: FittedText) => {
    if (fitted.lines.length > 0) layout.text[role] = { ...fitted.ink, size: fitted.size, lines: fitted.lines.length };
  };

  const titleArea = box(spec.title.zone);
  const subtitleText = design.subtitle?.trim();
  const subtitleHeight = subtitleText ? spec.subtitle.maxSize * height * spec.subtitle.maxLines * 1.3 : 0;
  const titleBox = subtitleText
    ? { ...titleArea, height: Math.max(titleArea.height - subtitleHeight * 0.6, titleArea.height * 0.55) }
    : titleArea;
  const title = fit(design.title || ' ', spec.title, titleBox, spec.title.valign);
  record('title', title);

  let subtitle: FittedText | undefined;
  if (subtitleText) {
    const top = title.ink.y + title.ink.height + spec.gap * height;
    const area = {
      x: titleArea.x,
      y: top,
      width: titleArea.width,
      height: Math.max(spec.subtitle.maxSize * height * 2.6, 1),
    };
    subtitle = fit(subtitleText, spec.subtitle, area, 'top');
    record('subtitle', subtitle);
  }
  const authorText = design.author?.trim();
  let author: FittedText | undefined;
  if (authorText) {
    author = fit(authorText, spec.author, box(spec.author.zone));
    record('author', author);
  }
  return { title, subtitle, author, layout };
}

/** The filters (and, for the glow, the gold fill of the title) of the style's type effect. */
function typeEffect(
  effect: TypeSpec['effect'],
  title: FittedText,
  height: number,
  tones: { title: 'light' | 'dark'; author: 'light' | 'dark' },
  palette: Palette,
): { defs: string[]; titleFill?: string; titleFilter?: string; otherFilter?: string } {
  if (effect === 'shadow') {
    const dark = tones.title === 'light';
    return {
      defs: [
        shadowFilter('textshadow', title.size * 0.05, dark ? '#000' : '#fff', dark ? 0.55 : 0.5),
        shadowFilter('smallshadow', Math.max(1.5, height * 0.002), tones.author === 'light' ? '#000' : '#fff', 0.6),
      ],
      titleFilter: 'textshadow',
      otherFilter: 'smallshadow',
    };
  }
  if (effect === 'glow') {
    const gold = hex(oklch(0.9, 0.09, 85));
    const goldDeep = hex(oklch(0.72, 0.12, 70));
    const pale = hex(oklch(0.97, 0.03, 90));
    return {
      defs: [
        `<linearGradient id="gold" gradientUnits="userSpaceOnUse" x1="0" y1="${n(title.ink.y)}" x2="0" y2="${n(title.ink.y + title.ink.height)}"><stop offset="0" stop-color="${pale}"/><stop offset="0.5" stop-color="${gold}"/><stop offset="1" stop-color="${goldDeep}"/></linearGradient>`,
        glowFilter('titleglow', title.size * 0.12, hex(palette.glow)),
        shadowFilter('smallshadow', Math.max(1.5, height * 0.002), '#000', 0.7),
      ],
      titleFill: 'url(#gold)',
      titleFilter: 'titleglow',
      otherFilter: 'smallshadow',
    };
  }
  return { defs: [] };
}

/** A fitted text as one path of its glyphs; nothing when no line was set. */
function drawText(fitted: FittedText, fill: string, filter?: string): string {
  return fitted.lines.length === 0
    ? ''
    : `<path d="${fitted.lines.map((line) => pathData(line.shaped, fitted.size, line.x, line.baseline)).join(' ')}" fill="${fill}"${filter ? ` filter="url(#${filter})"` : ''}/>`;
}

/** Rules and ornaments that belong to the type (they follow where the title actually landed). */
function decorations(
  design: CoverDesign,
  width: number,
  height: number,
  layout: CoverLayout,
  inks: Inks,
  titleColor: string,
): string {
  const title = layout.text.title;
  if (!title) return '';
  const below = layout.text.subtitle ?? title;
  const s = Math.max(2, width * 0.003);
  if (design.style === 'vintage') {
    // A rule with a lozenge between title and subtitle, and a short rule above the author.
    const y = title.y + title.height + height * 0.025;
    const cx = width / 2;
    const half = width * 0.2;
    const d = width * 0.012;
    const out = [
      `<path d="M${n(cx - half)},${n(y)} H${n(cx - d * 2)} M${n(cx + d * 2)},${n(y)} H${n(cx + half)}" stroke="${inks.dark}" stroke-width="${n(s * 0.7)}"/>`,
      `<path d="M${n(cx)},${n(y - d)} L${n(cx + d)},${n(y)} L${n(cx)},${n(y + d)} L${n(cx - d)},${n(y)} Z" fill="${inks.accent}"/>`,
    ];
    const author = layout.text.author;
    if (author) {
      const ay = author.y - height * 0.025;
      out.push(
        `<path d="M${n(cx - width * 0.06)},${n(ay)} H${n(cx + width * 0.06)}" stroke="${inks.dark}" stroke-width="${n(s * 0.7)}"/>`,
      );
    }
    return out.join('');
  }
  if (design.style === 'minimalist') {
    // One short accent bar under the title block.
    const y = below.y + below.height + height * 0.035;
    return `<rect x="${n(width * 0.1)}" y="${n(y)}" width="${n(width * 0.08)}" height="${n(Math.max(3, height * 0.004))}" fill="${inks.accent}"/>`;
  }
  if (design.style === 'fantasy' && layout.text.author) {
    const author = layout.text.author;
    const y = author.y + author.height / 2;
    const gap = width * 0.03;
    const len = width * 0.07;
    return `<path d="M${n(author.x - gap - len)},${n(y)} H${n(author.x - gap)} M${n(author.x + author.width + gap)},${n(y)} H${n(author.x + author.width + gap + len)}" stroke="${titleColor}" stroke-width="${n(s * 0.6)}" opacity="0.8"/>`;
  }
  return '';
}

function shadowFilter(id: string, blur: number, color: string, opacity: number): string {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="${n(blur)}"/><feOffset dy="${n(blur * 0.6)}" result="b"/><feFlood flood-color="${color}" flood-opacity="${opacity}"/><feComposite in2="b" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
}

function glowFilter(id: string, blur: number, color: string): string {
  return `<filter id="${id}" x="-20%" y="-30%" width="140%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="${n(blur)}" result="b"/><feFlood flood-color="${color}" flood-opacity="0.85"/><feComposite in2="b" operator="in" result="g"/><feGaussianBlur in="SourceAlpha" stdDeviation="${n(blur * 0.15)}" result="s"/><feFlood flood-color="#000" flood-opacity="0.5"/><feComposite in2="s" operator="in" result="d"/><feMerge><feMergeNode in="g"/><feMergeNode in="d"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
}

function seedOf(design: CoverDesign): number {
  return hashString(`${design.seed ?? design.title}|${design.style}|${design.mood}|${design.colorScheme}`);
}

/** The SVG of a complete typographic cover. */
export function coverSvg(design: CoverDesign, width: number, height: number): { svg: string; layout: CoverLayout } {
  const palette = paletteFor(design.colorScheme, design.mood);
  const seed = seedOf(design);
  const art = composers[design.style]({ width, height, palette, mood: design.mood, rng: new Random(seed), seed });
  const inks = inksOf(design.style, palette);
  const type = typeset(design, width, height, { title: art.titleTone, author: art.authorTone }, inks, palette);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${art.defs}\n${type.defs}</defs>
${art.body}
${type.svg}
${art.finish}
</svg>`;
  return { svg, layout: type.layout };
}

/**
 * The art of a typographic cover without its type (nor the ornaments that follow the type): what the
 * cover service keeps beside each cover as its art. `coverSvg` with another title draws the same art.
 */
export function coverArtSvg(design: CoverDesign, width: number, height: number): string {
  const palette = paletteFor(design.colorScheme, design.mood);
  const seed = seedOf(design);
  const art = composers[design.style]({ width, height, palette, mood: design.mood, rng: new Random(seed), seed });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${art.defs}</defs>
${art.body}
${art.finish}
</svg>`;
}

/** Renders the art of a typographic cover, without its type, as PNG. */
export async function renderCoverArt(design: CoverDesign, width: number, height: number): Promise<Buffer> {
  return renderSvg(coverArtSvg(design, width, height));
}

function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72, limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Renders a complete typographic cover as PNG. */
export async function renderTypographicCover(
  design: CoverDesign,
  width: number,
  height: number,
): Promise<RenderedCover> {
  const { svg, layout } = coverSvg(design, width, height);
  return { png: await renderSvg(svg), layout };
}

/**
 * Typesets title, subtitle and author over an existing image (generated art or an upload), in the chosen
 * style's faces, on soft scrims that keep it legible over any picture. Answers a PNG of the image's size.
 */
export async function typesetOverImage(image: Buffer, design: CoverDesign): Promise<RenderedCover> {
  const base = sharp(image, { limitInputPixels: false });
  const meta = await base.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('the image has no size');
  const palette = paletteFor(design.colorScheme, design.mood);
  const inks = inksOf(design.style === 'vintage' ? 'realistic' : design.style, palette);
  const type = typeset(design, width, height, { title: 'light', author: 'light' }, inks, palette, true);
  // Scrims sized to where the type landed.
  const titleBottom = Math.max(
    ...(['title', 'subtitle'] as const).map((r) =>
      type.layout.text[r] ? type.layout.text[r].y + type.layout.text[r].height : 0,
    ),
  );
  const authorTop = type.layout.text.author?.y ?? height;
  const topEnd = Math.min(0.9, (titleBottom + height * 0.12) / height);
  const footStart = Math.max(0.1, (authorTop - height * 0.1) / height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="scrimtop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.62"/><stop offset="${n(topEnd * 0.6)}" stop-color="#000" stop-opacity="0.4"/><stop offset="${n(topEnd)}" stop-color="#000" stop-opacity="0"/><stop offset="${n(footStart)}" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.62"/></linearGradient>
${type.defs}
</defs>
<rect width="${width}" height="${height}" fill="url(#scrimtop)"/>
${type.svg}
</svg>`;
  const png = await base
    .rotate()
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, layout: type.layout };
}
