import type { CoverColorScheme, CoverMood } from '@bookwright/ai';

/**
 * Colour in OKLCH (perceptual lightness, chroma, hue), so that "the same lightness" looks the same in every
 * hue and a palette keeps its contrast when the scheme changes. Converted to sRGB hex for SVG, with chroma
 * reduced until the colour is inside the sRGB gamut.
 */
export interface Oklch {
  l: number;
  c: number;
  h: number;
}

export function oklch(l: number, c: number, h: number): Oklch {
  return { l: clamp(l, 0, 1), c: Math.max(0, c), h: ((h % 360) + 360) % 360 };
}

export function hex(color: Oklch): string {
  let c = color.c;
  for (let i = 0; i < 30; i += 1) {
    const rgb = toLinearRgb({ ...color, c });
    if (rgb.every((v) => v >= -0.0005 && v <= 1.0005)) return toHex(rgb);
    c *= 0.92;
  }
  return toHex(toLinearRgb({ ...color, c: 0 }));
}

/** Relative luminance (WCAG) of a colour, 0..1. */
export function luminance(color: Oklch): number {
  const [r, g, b] = toLinearRgb(color).map((v) => clamp(v, 0, 1)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Oklch, b: Oklch): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function mix(a: Oklch, b: Oklch, t: number): Oklch {
  // Hue along the shorter arc; a grey takes the other colour's hue.
  let dh = b.h - a.h;
  if (dh > 180) dh -= 360;
  if (dh < -180) dh += 360;
  const h = a.c < 0.005 ? b.h : b.c < 0.005 ? a.h : a.h + dh * t;
  return oklch(a.l + (b.l - a.l) * t, a.c + (b.c - a.c) * t, h);
}

export const lighten = (color: Oklch, amount: number): Oklch => oklch(color.l + amount, color.c, color.h);
export const withChroma = (color: Oklch, factor: number): Oklch => oklch(color.l, color.c * factor, color.h);

/** Hues and chroma of a colour scheme: which colours the cover is made of. */
interface SchemeHues {
  /** Top of the sky / background. */
  top: number;
  /** Horizon, light-side of the background. */
  horizon: number;
  /** The light source and warm highlights. */
  glow: number;
  /** Land, silhouettes, large shapes. */
  land: number;
  /** Ornaments and the one accent of a minimalist cover. */
  accent: number;
  chroma: number;
}

const schemes: Record<CoverColorScheme, SchemeHues> = {
  warm: { top: 22, horizon: 62, glow: 78, land: 32, accent: 70, chroma: 1 },
  cool: { top: 262, horizon: 215, glow: 200, land: 245, accent: 195, chroma: 1 },
  vibrant: { top: 295, horizon: 355, glow: 55, land: 305, accent: 195, chroma: 1.45 },
  muted: { top: 235, horizon: 70, glow: 75, land: 160, accent: 30, chroma: 0.38 },
  monochrome: { top: 260, horizon: 260, glow: 80, land: 260, accent: 260, chroma: 0 },
};

/** How a mood lights the scheme: lightness of each role, colourfulness, and a nudge of the hues. */
interface MoodLight {
  top: number;
  horizon: number;
  glow: number;
  land: [far: number, near: number];
  chroma: number;
  /** Hue the sky leans towards, and how much (0..1). */
  lean?: { hue: number; amount: number };
  /** Paper or flat background lightness for the flat styles. */
  paper: number;
}

const moods: Record<CoverMood, MoodLight> = {
  adventure: { top: 0.42, horizon: 0.82, glow: 0.93, land: [0.5, 0.2], chroma: 1, paper: 0.93 },
  mysterious: {
    top: 0.14,
    horizon: 0.36,
    glow: 0.86,
    land: [0.27, 0.1],
    chroma: 0.75,
    lean: { hue: 280, amount: 0.3 },
    paper: 0.2,
  },
  romantic: {
    top: 0.5,
    horizon: 0.86,
    glow: 0.95,
    land: [0.62, 0.36],
    chroma: 0.8,
    lean: { hue: 0, amount: 0.35 },
    paper: 0.94,
  },
  dramatic: { top: 0.13, horizon: 0.55, glow: 0.9, land: [0.24, 0.06], chroma: 1.15, paper: 0.16 },
  peaceful: {
    top: 0.72,
    horizon: 0.93,
    glow: 0.97,
    land: [0.78, 0.55],
    chroma: 0.5,
    lean: { hue: 190, amount: 0.1 },
    paper: 0.95,
  },
};

export interface Palette {
  scheme: CoverColorScheme;
  mood: CoverMood;
  skyTop: Oklch;
  skyMid: Oklch;
  horizon: Oklch;
  glow: Oklch;
  /** Land layers from the farthest (hazy) to the nearest (darkest). */
  land: Oklch[];
  accent: Oklch;
  /** A light and a dark neutral of the scheme, for paper, ink and flat backgrounds. */
  paper: Oklch;
  ink: Oklch;
  /** Whether the mood is dark overall (text light on dark). */
  dark: boolean;
}

function lean(hue: number, light: MoodLight): number {
  if (!light.lean) return hue;
  return mix(oklch(0.5, 0.1, hue), oklch(0.5, 0.1, light.lean.hue), light.lean.amount).h;
}

/** The colours of a cover: one palette for each of the 25 scheme × mood combinations. */
export function paletteFor(scheme: CoverColorScheme, mood: CoverMood): Palette {
  const hues = schemes[scheme];
  const light = moods[mood];
  const chroma = (base: number) => base * hues.chroma * light.chroma;
  const skyTop = oklch(light.top, chroma(0.13), lean(hues.top, light));
  const horizon = oklch(light.horizon, chroma(0.12), lean(hues.horizon, light));
  const skyMid = mix(skyTop, horizon, 0.55);
  const glow = oklch(light.glow, chroma(0.1), hues.glow);
  const [far, near] = light.land;
  const land = [0, 1, 2, 3].map((i) => {
    const t = i / 3;
    // Far layers melt into the horizon haze, near ones are dark and more saturated.
    const l = far + (near - far) * t;
    const base = oklch(l, chroma(0.06 + 0.05 * t), hues.land);
    return mix(horizon, base, 0.55 + 0.45 * t);
  });
  const dark = light.top < 0.3;
  const accentL = dark ? 0.78 : scheme === 'monochrome' ? 0.25 : 0.6;
  const accent = oklch(accentL, chroma(0.16) * (scheme === 'muted' ? 1.3 : 1), hues.accent);
  const paper = oklch(light.paper, Math.min(0.03, chroma(0.025)) + (scheme === 'monochrome' ? 0.004 : 0), hues.horizon);
  const ink = oklch(dark ? 0.95 : 0.2, chroma(0.04), hues.land);
  return { scheme, mood, skyTop, skyMid, horizon, glow, land, accent, paper, ink, dark };
}

function toLinearRgb({ l, c, h }: Oklch): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((v) => {
      const x = clamp(v, 0, 1);
      const srgb = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
      return Math.round(srgb * 255)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
