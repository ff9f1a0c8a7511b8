import type { Random } from '@bookwright/offline/random';
import type { CoverMood } from '@bookwright/ai';
import { hex, lighten, mix, oklch, withChroma, type Oklch, type Palette } from './palette';
import {
  attrs,
  bird,
  blurFilter,
  cloudFilter,
  grainFilter,
  heart,
  hills,
  leaf,
  linearGradient,
  n,
  pine,
  radialGradient,
  rgbOf,
  ridge,
  smoothFill,
  sparkle,
  star,
  starPolygon,
} from './svg';

/** What a composition puts under the type, and which tone of type reads on it in each zone. */
export interface Art {
  defs: string;
  /** Everything under the text. */
  body: string;
  /** Over everything, text included (grain, paper texture). */
  finish: string;
  /** Tone of the type over the title zone and over the author zone. */
  titleTone: 'light' | 'dark';
  authorTone: 'light' | 'dark';
}

export interface SceneContext {
  width: number;
  height: number;
  palette: Palette;
  mood: CoverMood;
  rng: Random;
  /** A number for SVG noise seeds. */
  seed: number;
}

/** A composition being drawn: its definitions and its shapes, in drawing order. */
interface Drawing {
  defs: string[];
  body: string[];
}

const toneOn = (lightness: number): 'light' | 'dark' => (lightness > 0.66 ? 'dark' : 'light');

// ---------------------------------------------------------------------------------------------------------
// Realistic: photographic light. A graded sky, a light source with its halo, volumetric clouds or fog, land
// in layers that fade into the haze (aerial perspective), a vignette and film grain.

export function realistic(ctx: SceneContext): Art {
  const { width: W, height: H, seed } = ctx;
  const light = placeTheLight(ctx);
  const drawing: Drawing = { defs: [], body: [] };
  drawSky(ctx, light, drawing);
  drawTheLight(ctx, light, drawing);
  if (ctx.mood === 'mysterious') drawStars(ctx, light, drawing);
  if (ctx.mood === 'dramatic') drawRays(ctx, light, drawing);
  drawClouds(ctx, light, drawing);
  drawLand(ctx, light, drawing);
  const titleTone = drawScrims(ctx, drawing);
  drawing.defs.push(grainFilter('grain', 0.9, 0.1, seed % 991));
  return {
    defs: drawing.defs.join('\n'),
    body: drawing.body.join('\n'),
    finish: `<rect width="${W}" height="${H}" filter="url(#grain)"/>`,
    titleTone,
    authorTone: 'light',
  };
}

/** Where the horizon lies and the light stands. */
interface Light {
  horizonY: number;
  sunX: number;
  sunY: number;
}

function placeTheLight({ width: W, height: H, rng, mood }: SceneContext): Light {
  const horizonY =
    H *
    ({ adventure: 0.64, mysterious: 0.6, romantic: 0.66, dramatic: 0.74, peaceful: 0.6 }[mood] +
      (rng.next() - 0.5) * 0.04);
  const sunX = W * (0.3 + rng.next() * 0.4);
  const sunY =
    mood === 'mysterious'
      ? H * 0.42
      : mood === 'dramatic'
        ? horizonY - H * 0.2
        : horizonY - H * (0.06 + rng.next() * 0.06);
  return { horizonY, sunX, sunY };
}

function drawSky({ width: W, height: H, palette: p }: SceneContext, { horizonY }: Light, { defs, body }: Drawing) {
  defs.push(
    linearGradient(
      'sky',
      [
        { offset: 0, color: hex(p.skyTop) },
        { offset: 0.5, color: hex(p.skyMid) },
        { offset: 1, color: hex(p.horizon) },
      ],
      { x1: 0, y1: 0, x2: 0, y2: horizonY / H },
    ),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
}

/** The light: a wide atmospheric halo, a tighter bloom, and the disc. */
function drawTheLight(ctx: SceneContext, { sunX, sunY }: Light, { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, mood } = ctx;
  const glow = hex(p.glow);
  const haloR = W * (mood === 'dramatic' ? 0.9 : 0.75);
  defs.push(
    radialGradient(
      'halo',
      [
        { offset: 0, color: glow, opacity: mood === 'mysterious' ? 0.45 : 0.85 },
        { offset: 0.25, color: glow, opacity: mood === 'mysterious' ? 0.18 : 0.4 },
        { offset: 1, color: glow, opacity: 0 },
      ],
      { cx: sunX, cy: sunY, r: haloR },
    ),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#halo)"/>`);
  const discR = W * (mood === 'mysterious' ? 0.07 : 0.045);
  const disc = mood === 'mysterious' ? hex(oklch(0.94, 0.02, p.glow.h)) : hex(lighten(p.glow, 0.06));
  defs.push(blurFilter('bloom', W * 0.02));
  body.push(
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(discR * 1.8)}" fill="${disc}" opacity="0.55" filter="url(#bloom)"/>`,
  );
  body.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(discR)}" fill="${disc}"/>`);
}

/** Stars above the haze. */
function drawStars({ width: W, rng }: SceneContext, { horizonY }: Light, { body }: Drawing) {
  for (let i = 0; i < 90; i += 1) {
    const x = rng.next() * W;
    const y = rng.next() * horizonY * 0.8;
    body.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.6 + rng.next() * 1.4)}" fill="#fff" opacity="${n(0.2 + rng.next() * 0.6)}"/>`,
    );
  }
}

/** Crepuscular rays fanning from the hidden sun. */
function drawRays(
  { width: W, height: H, palette: p, rng }: SceneContext,
  { sunX, sunY }: Light,
  { defs, body }: Drawing,
) {
  const rays: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const a = (-160 + i * 16 + rng.next() * 8) * (Math.PI / 180);
    const spread = 0.03 + rng.next() * 0.03;
    const L = H * 1.4;
    rays.push(
      `M${n(sunX)},${n(sunY)} L${n(sunX + Math.cos(a - spread) * L)},${n(sunY + Math.sin(a - spread) * L)} L${n(sunX + Math.cos(a + spread) * L)},${n(sunY + Math.sin(a + spread) * L)} Z`,
    );
  }
  defs.push(blurFilter('rayblur', W * 0.012));
  body.push(`<path d="${rays.join(' ')}" fill="${hex(p.glow)}" opacity="0.22" filter="url(#rayblur)"/>`);
}

/** Clouds: noise shaped into soft masses, lit from the light's side. */
function drawClouds(ctx: SceneContext, { horizonY }: Light, { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, mood, seed } = ctx;
  const cloudColor =
    mood === 'dramatic' ? hex(oklch(0.16, p.skyTop.c * 0.5, p.skyTop.h)) : hex(mix(p.skyMid, p.glow, 0.5));
  const density = { adventure: 0.8, mysterious: 0.5, romantic: 0.6, dramatic: 1.5, peaceful: 0.55 }[mood];
  defs.push(cloudFilter('clouds', rgbOf(cloudColor), 0.0022 * (1024 / W), 0.0065 * (1024 / W), seed % 997, density));
  defs.push(
    `<linearGradient id="cloudfade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${mood === 'dramatic' ? 1 : 0.9}"/><stop offset="${n(horizonY / H)}" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient><mask id="cloudmask"><rect width="${W}" height="${H}" fill="url(#cloudfade)"/></mask>`,
  );
  body.push(
    `<g mask="url(#cloudmask)"><rect width="${W}" height="${n(horizonY)}" filter="url(#clouds)" opacity="${mood === 'dramatic' ? 0.95 : 0.7}"/></g>`,
  );
}

/** The land, by mood: still water, a forest in fog, soft hills, or mountains. */
function drawLand(ctx: SceneContext, light: Light, drawing: Drawing) {
  const layers = ctx.palette.land.map((c) => hex(c));
  if (ctx.mood === 'peaceful') drawStillWater(ctx, light, layers, drawing);
  else if (ctx.mood === 'mysterious') drawFogForest(ctx, light, layers, drawing);
  else if (ctx.mood === 'romantic') drawEveningHills(ctx, light, layers, drawing);
  else drawMountains(ctx, light, layers, drawing);
}

/** Still water: far hills, a mirrored sky, the sun's glitter path. */
function drawStillWater(ctx: SceneContext, { horizonY, sunX }: Light, layers: string[], { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, rng } = ctx;
  body.push(
    `<path d="${hills(rng, { width: W, baseY: horizonY, amplitude: H * 0.05, bottom: horizonY + 1, waves: 1.2 })}" fill="${layers[0]}" opacity="0.8"/>`,
  );
  defs.push(
    linearGradient(
      'water',
      [
        { offset: 0, color: hex(mix(p.horizon, p.land[1]!, 0.25)) },
        { offset: 1, color: hex(mix(p.skyTop, p.land[3]!, 0.5)) },
      ],
      { x1: 0, y1: horizonY / H, x2: 0, y2: 1 },
    ),
  );
  body.push(`<rect y="${n(horizonY)}" width="${W}" height="${n(H - horizonY)}" fill="url(#water)"/>`);
  const glints: string[] = [];
  for (let i = 0; i < 70; i += 1) {
    const t = rng.next();
    const y = horizonY + 4 + t * t * (H - horizonY) * 0.9;
    const w = (4 + t * 50) * (0.5 + rng.next());
    const x = sunX + (rng.next() - 0.5) * (W * 0.04 + t * W * 0.22);
    glints.push(`M${n(x - w / 2)},${n(y)} h${n(w)}`);
  }
  body.push(
    `<path d="${glints.join(' ')}" stroke="${hex(lighten(p.glow, 0.05))}" stroke-width="${n(H * 0.0022)}" stroke-linecap="round" opacity="0.75"/>`,
  );
  body.push(
    `<path d="${hills(rng, { width: W, baseY: H * 0.97, amplitude: H * 0.05, bottom: H + 2, waves: 0.8 })}" fill="${layers[3]}"/>`,
  );
}

/** A forest in fog: rows of pines, each row paler with distance, fog between. */
function drawFogForest(ctx: SceneContext, { horizonY }: Light, layers: string[], { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, rng, seed } = ctx;
  defs.push(
    cloudFilter(
      'fog',
      rgbOf(hex(mix(p.horizon, p.glow, 0.2))),
      0.0018 * (1024 / W),
      0.014 * (1024 / W),
      (seed + 7) % 997,
      0.9,
    ),
  );
  [0, 1, 2, 3].forEach((row) => {
    const base = horizonY + row * H * 0.085;
    const h = H * (0.1 + row * 0.06);
    let d = `M0,${n(H)} L0,${n(base)} L${W},${n(base)} L${W},${n(H)} Z`;
    for (let x = -20; x < W + 20; x += h * (0.22 + rng.next() * 0.18))
      d += ' ' + pine(x, base + rng.next() * h * 0.1, h * (0.7 + rng.next() * 0.5));
    body.push(`<path d="${d}" fill="${layers[row]}"/>`);
    if (row < 3)
      body.push(
        `<rect y="${n(base - H * 0.12)}" width="${W}" height="${n(H * 0.2)}" filter="url(#fog)" opacity="0.55"/>`,
      );
  });
}

/** Soft hills in warm evening light and out-of-focus lights. */
function drawEveningHills(ctx: SceneContext, { horizonY }: Light, layers: string[], { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, rng } = ctx;
  defs.push(blurFilter('bokeh', W * 0.006));
  const bokeh: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    const r = W * (0.012 + rng.next() * 0.035);
    bokeh.push(
      `<circle cx="${n(rng.next() * W)}" cy="${n(H * 0.25 + rng.next() * (horizonY - H * 0.1))}" r="${n(r)}" fill="${hex(lighten(p.glow, 0.05))}" opacity="${n(0.12 + rng.next() * 0.3)}"/>`,
    );
  }
  body.push(`<g filter="url(#bokeh)">${bokeh.join('')}</g>`);
  [0, 1, 2, 3].forEach((i) => {
    body.push(
      `<path d="${hills(rng, { width: W, baseY: horizonY + i * H * 0.07, amplitude: H * (0.05 + i * 0.02), bottom: H + 2, waves: 1 + rng.next() })}" fill="${layers[i]}"/>`,
    );
  });
}

/** Mountains: adventure at dawn (with birds), a dark crag in the storm. */
function drawMountains(ctx: SceneContext, light: Light, layers: string[], { defs, body }: Drawing) {
  const { width: W, height: H, palette: p, rng, mood } = ctx;
  const count = mood === 'dramatic' ? 3 : 4;
  for (let i = 0; i < count; i += 1) {
    const t = i / (count - 1);
    const base = light.horizonY + t * H * (mood === 'dramatic' ? 0.12 : 0.16);
    const amp = H * (mood === 'dramatic' ? 0.2 + t * 0.12 : 0.22 - t * 0.06);
    body.push(
      `<path d="${ridge(rng, { width: W, baseY: base, amplitude: amp, roughness: 0.35, bottom: H + 2, peaks: 1 + (i % 2) + (mood === 'dramatic' ? 0 : 1) })}" fill="${layers[Math.min(3, mood === 'dramatic' ? i + 1 : i)]}"/>`,
    );
    if (i < count - 1) {
      // Haze settling in the valleys.
      defs.push(
        linearGradient(`haze${i}`, [
          { offset: 0, color: hex(p.horizon), opacity: 0 },
          { offset: 1, color: hex(p.horizon), opacity: 0.35 },
        ]),
      );
      body.push(`<rect y="${n(base - amp * 0.5)}" width="${W}" height="${n(amp * 0.6)}" fill="url(#haze${i})"/>`);
    }
  }
  if (mood === 'adventure') drawBirds(ctx, light, layers, body);
}

function drawBirds(
  { width: W, height: H, rng }: SceneContext,
  { sunX, sunY }: Light,
  layers: string[],
  body: string[],
) {
  const birds: string[] = [];
  const bx = sunX + (rng.next() - 0.5) * W * 0.3;
  for (let i = 0; i < 5; i += 1)
    birds.push(
      bird(bx + (rng.next() - 0.5) * W * 0.3, sunY - H * (0.02 + rng.next() * 0.1), W * (0.015 + rng.next() * 0.012)),
    );
  body.push(
    `<path d="${birds.join(' ')}" fill="none" stroke="${layers[3]}" stroke-width="${n(W * 0.003)}" stroke-linecap="round"/>`,
  );
}

/**
 * Legibility: the sky darkens towards the top (or lightens, for light moods), the ground towards the foot,
 * and a vignette closes the frame. Returns the tone of the title over this sky.
 */
function drawScrims({ width: W, height: H, palette: p }: SceneContext, { defs, body }: Drawing): 'light' | 'dark' {
  const titleTone = toneOn(p.skyTop.l + 0.05);
  const scrim = titleTone === 'light' ? '#000' : '#fff';
  defs.push(
    linearGradient('topscrim', [
      { offset: 0, color: scrim, opacity: 0.35 },
      { offset: 1, color: scrim, opacity: 0 },
    ]),
  );
  body.push(`<rect width="${W}" height="${n(H * 0.45)}" fill="url(#topscrim)"/>`);
  defs.push(
    linearGradient('footscrim', [
      { offset: 0, color: '#000', opacity: 0 },
      { offset: 1, color: '#000', opacity: 0.5 },
    ]),
  );
  body.push(`<rect y="${n(H * 0.72)}" width="${W}" height="${n(H * 0.28)}" fill="url(#footscrim)"/>`);
  defs.push(
    radialGradient(
      'vignette',
      [
        { offset: 0.55, color: '#000', opacity: 0 },
        { offset: 1, color: '#000', opacity: 0.45 },
      ],
      { cx: W / 2, cy: H / 2, r: Math.hypot(W, H) / 2 },
    ),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  return titleTone;
}

// ---------------------------------------------------------------------------------------------------------
// Illustrated: flat shapes, paper-cut layers with a hard offset shadow, no gradients except the sky band.

export function illustrated(ctx: SceneContext): Art {
  const { palette: p, mood } = ctx;
  const body: string[] = [];
  const cut = paperCut(ctx);
  drawSkyBands(ctx, cut, body);
  drawPrintedSun(ctx, cut, body);
  if (mood !== 'mysterious') drawFlatClouds(ctx, cut, body);
  if (mood === 'adventure') drawPeaks(ctx, cut, body);
  else if (mood === 'mysterious') drawPineRows(ctx, cut, body);
  else if (mood === 'dramatic') drawStormSea(ctx, cut, body);
  else drawRollingHills(ctx, cut, body);
  // Flat style wants flat type areas: the title sits on the sky band, the author on the front hill.
  return {
    defs: '',
    body: body.join('\n'),
    finish: '',
    titleTone: toneOn(mix(p.skyTop, p.skyMid, 0.35).l),
    authorTone: toneOn(p.land[3]!.l * 1.2),
  };
}

/** The colours and places a paper-cut composition shares between its layers. */
interface PaperCut {
  sky: string;
  horizonY: number;
  sunX: number;
  sunY: number;
  sunR: number;
  sun: string;
  /** The land's layers, back to front. */
  fills: string[];
  /** The hard offset shadow under a layer. */
  shadow: (d: string) => string;
}

function paperCut({ width: W, height: H, palette: p, rng, mood }: SceneContext): PaperCut {
  const horizonY = H * (mood === 'peaceful' ? 0.62 : 0.6);
  return {
    sky: hex(mix(p.skyTop, p.skyMid, 0.35)),
    horizonY,
    sunX: W * (0.25 + rng.next() * 0.5),
    // The title owns the sky above ~40 % of the height: sun, moon and clouds stay below it.
    sunY: horizonY - H * (mood === 'mysterious' ? 0.14 : 0.1),
    sunR: Math.min(W * (mood === 'mysterious' ? 0.09 : 0.11), H * 0.07),
    sun: hex(mood === 'mysterious' ? oklch(0.93, 0.03, p.glow.h) : p.glow),
    fills: p.land.map((c) => hex(withChroma(c, 1.2))),
    shadow: (d) => `<path d="${d}" fill="#000" opacity="0.18" transform="translate(0 ${n(H * 0.008)})"/>`,
  };
}

/** Bands of sky, flat, like screen-printed layers. */
function drawSkyBands({ width: W, height: H, palette: p }: SceneContext, { sky }: PaperCut, body: string[]) {
  body.push(`<rect width="${W}" height="${H}" fill="${sky}"/>`);
  body.push(
    `<rect y="${n(H * 0.4)}" width="${W}" height="${n(H * 0.6)}" fill="${hex(mix(p.skyMid, p.horizon, 0.4))}"/>`,
  );
  body.push(
    `<rect y="${n(H * 0.52)}" width="${W}" height="${n(H * 0.48)}" fill="${hex(mix(p.skyMid, p.horizon, 0.8))}"/>`,
  );
}

/** Concentric rings around the sun; at night a crescent (the disc with a sky-coloured bite) and stars. */
function drawPrintedSun({ width: W, height: H, rng, mood }: SceneContext, cut: PaperCut, body: string[]) {
  const { sky, sunX, sunY, sunR, sun } = cut;
  [2.3, 1.8, 1.4].forEach((k, i) => {
    body.push(
      `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * k)}" fill="${sun}" opacity="${n(0.1 + i * 0.07)}"/>`,
    );
  });
  body.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${sun}"/>`);
  if (mood !== 'mysterious') return;
  body.push(`<circle cx="${n(sunX + sunR * 0.45)}" cy="${n(sunY - sunR * 0.2)}" r="${n(sunR * 0.88)}" fill="${sky}"/>`);
  const stars: string[] = [];
  for (let i = 0; i < 40; i += 1)
    stars.push(sparkle(rng.next() * W, H * (0.36 + rng.next() * 0.2), W * (0.004 + rng.next() * 0.01)));
  body.push(`<path d="${stars.join(' ')}" fill="${sun}"/>`);
}

/** Flat clouds: rows of circles on a common base. */
function drawFlatClouds({ width: W, height: H, palette: p, rng }: SceneContext, { shadow }: PaperCut, body: string[]) {
  const cloud = hex(lighten(p.horizon, 0.08));
  for (let c = 0; c < 3; c += 1) {
    const cx = W * (0.1 + c * 0.4 + rng.next() * 0.2);
    const cy = H * (0.44 + rng.next() * 0.08);
    const s = W * (0.05 + rng.next() * 0.04);
    const d = `M${n(cx - s * 2)},${n(cy)} a${n(s)},${n(s)} 0 0 1 ${n(s * 1.2)},${n(-s * 0.7)} a${n(s * 1.2)},${n(s * 1.2)} 0 0 1 ${n(s * 2)},${n(-s * 0.2)} a${n(s * 0.9)},${n(s * 0.9)} 0 0 1 ${n(s * 0.8)},${n(s * 0.9)} Z`;
    body.push(shadow(d), `<path d="${d}" fill="${cloud}"/>`);
  }
}

/** Adventure: rows of snow-capped peaks, birds by the sun, a hill in front. */
function drawPeaks(ctx: SceneContext, cut: PaperCut, body: string[]) {
  const { width: W, height: H, palette: p, rng } = ctx;
  const { horizonY, sunX, sunY, fills, shadow } = cut;
  for (let i = 0; i < 3; i += 1) {
    const base = horizonY + i * H * 0.09;
    const peaks: string[] = [];
    const caps: string[] = [];
    const count = 3 + i;
    for (let k = 0; k < count; k += 1) {
      const x = (k + 0.5 + (rng.next() - 0.5) * 0.6) * (W / count);
      const h = H * (0.18 - i * 0.035) * (0.7 + rng.next() * 0.6);
      const w = h * (1.1 + rng.next() * 0.4);
      peaks.push(`M${n(x - w)},${n(base)} L${n(x)},${n(base - h)} L${n(x + w)},${n(base)} Z`);
      if (i === 0)
        caps.push(
          `M${n(x - w * 0.25)},${n(base - h * 0.75)} L${n(x)},${n(base - h)} L${n(x + w * 0.25)},${n(base - h * 0.75)} L${n(x + w * 0.1)},${n(base - h * 0.8)} L${n(x)},${n(base - h * 0.72)} L${n(x - w * 0.1)},${n(base - h * 0.8)} Z`,
        );
    }
    const d = `${peaks.join(' ')} M0,${n(base)} L${W},${n(base)} L${W},${n(H)} L0,${n(H)} Z`;
    body.push(shadow(d), `<path d="${d}" fill="${fills[i]}"/>`);
    if (caps.length) body.push(`<path d="${caps.join(' ')}" fill="${hex(lighten(p.horizon, 0.1))}"/>`);
  }
  const birds: string[] = [];
  for (let i = 0; i < 4; i += 1)
    birds.push(bird(sunX - W * 0.2 + rng.next() * W * 0.4, sunY - H * 0.03 - rng.next() * H * 0.05, W * 0.03));
  body.push(
    `<path d="${birds.join(' ')}" fill="none" stroke="${fills[3]}" stroke-width="${n(W * 0.005)}" stroke-linecap="round"/>`,
  );
  const d = hills(rng, { width: W, baseY: H * 0.93, amplitude: H * 0.06, bottom: H + 2 });
  body.push(shadow(d), `<path d="${d}" fill="${fills[3]}"/>`);
}

/** Mysterious: rows of pines. */
function drawPineRows(
  { width: W, height: H, rng }: SceneContext,
  { horizonY, fills, shadow }: PaperCut,
  body: string[],
) {
  [0, 1, 2].forEach((row) => {
    const base = horizonY + row * H * 0.12;
    const h = H * (0.14 + row * 0.06);
    let d = `M0,${n(H)} L0,${n(base)} L${W},${n(base)} L${W},${n(H)} Z`;
    for (let x = -10; x < W + 10; x += h * (0.3 + rng.next() * 0.25))
      d += ' ' + pine(x, base, h * (0.7 + rng.next() * 0.5));
    body.push(shadow(d), `<path d="${d}" fill="${fills[row + 1]}"/>`);
  });
}

/** Dramatic: a storm over the sea, a jagged bolt, a great curling wave. */
function drawStormSea({ width: W, height: H, palette: p, rng }: SceneContext, cut: PaperCut, body: string[]) {
  const { horizonY, sun, fills, shadow } = cut;
  const bx = W * (0.3 + rng.next() * 0.4);
  const b = (f: number) => H * (0.38 + f * 0.5);
  const bolt = `M${n(bx)},${n(b(0))} L${n(bx - W * 0.06)},${n(b(0.22))} L${n(bx + W * 0.01)},${n(b(0.21))} L${n(bx - W * 0.05)},${n(b(0.4))} L${n(bx + W * 0.08)},${n(b(0.16))} L${n(bx + W * 0.01)},${n(b(0.17))} L${n(bx + W * 0.05)},${n(b(0))} Z`;
  body.push(`<path d="${bolt}" fill="${sun}"/>`);
  for (let i = 0; i < 3; i += 1) {
    const base = horizonY + i * H * 0.1;
    const amp = H * (0.06 + i * 0.03);
    const pts: [number, number][] = [];
    for (let k = 0; k <= 8; k += 1) pts.push([(k / 8) * W, base - (k % 2 === 0 ? amp : 0) * (0.6 + rng.next() * 0.6)]);
    const d = smoothFill(pts, H + 2);
    body.push(shadow(d), `<path d="${d}" fill="${fills[i + 1]}"/>`);
    const crest = pts
      .filter((_, k) => k % 2 === 0)
      .map(([x, y]) => `M${n(x - W * 0.04)},${n(y + H * 0.012)} q${n(W * 0.04)},${n(-H * 0.03)} ${n(W * 0.08)},0`);
    body.push(
      `<path d="${crest.join(' ')}" fill="none" stroke="${hex(lighten(p.horizon, 0.1))}" stroke-width="${n(W * 0.006)}" stroke-linecap="round" opacity="0.85"/>`,
    );
  }
}

/** Romantic and peaceful: rolling hills with round trees (peaceful) or flowers (romantic). */
function drawRollingHills(ctx: SceneContext, cut: PaperCut, body: string[]) {
  const { width: W, height: H, rng, mood } = ctx;
  const { horizonY, fills, shadow } = cut;
  for (let i = 0; i < 4; i += 1) {
    const d = hills(rng, {
      width: W,
      baseY: horizonY + i * H * 0.085,
      amplitude: H * (0.05 + i * 0.02),
      bottom: H + 2,
      waves: 1 + rng.next(),
    });
    body.push(shadow(d), `<path d="${d}" fill="${fills[i]}"/>`);
    if (i === 1 && mood === 'peaceful') {
      const trees: string[] = [];
      for (let k = 0; k < 5; k += 1) {
        const x = rng.next() * W;
        const y = horizonY + H * 0.07;
        const r = W * (0.025 + rng.next() * 0.02);
        trees.push(
          `<rect x="${n(x - r * 0.12)}" y="${n(y - r)}" width="${n(r * 0.24)}" height="${n(r * 1.4)}" fill="${fills[3]}"/><circle cx="${n(x)}" cy="${n(y - r * 1.4)}" r="${n(r)}" fill="${fills[2]}"/>`,
        );
      }
      body.push(trees.join(''));
    }
  }
  if (mood === 'romantic') drawFlowersAndHearts(ctx, cut, body);
}

function drawFlowersAndHearts(
  { width: W, height: H, palette: p, rng }: SceneContext,
  { sun }: PaperCut,
  body: string[],
) {
  const flowers: string[] = [];
  for (let k = 0; k < 14; k += 1) {
    // Along the front hill, clear of the author's line.
    const x = rng.next() * W;
    const y = H * (0.79 + rng.next() * 0.06);
    const r = W * (0.012 + rng.next() * 0.01);
    for (let petal = 0; petal < 5; petal += 1) {
      const a = (petal / 5) * Math.PI * 2;
      flowers.push(
        `<circle cx="${n(x + Math.cos(a) * r)}" cy="${n(y + Math.sin(a) * r)}" r="${n(r * 0.75)}" fill="${hex(lighten(p.accent, 0.1))}"/>`,
      );
    }
    flowers.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.5)}" fill="${sun}"/>`);
  }
  const hearts: string[] = [];
  for (let k = 0; k < 3; k += 1)
    hearts.push(heart(W * (0.15 + rng.next() * 0.7), H * (0.4 + rng.next() * 0.12), W * (0.04 + rng.next() * 0.03)));
  body.push(`<path d="${hearts.join(' ')}" fill="${hex(p.accent)}" opacity="0.9"/>`, flowers.join(''));
}

// ---------------------------------------------------------------------------------------------------------
// Minimalist: one ground colour, one accent shape, and room.

export function minimalist(ctx: SceneContext): Art {
  const { width: W, height: H, palette: p, rng, mood, seed } = ctx;
  const ground = p.dark ? mix(p.skyTop, oklch(0.12, 0, 0), 0.3) : p.paper;
  const accent = hex(p.accent);
  const line = hex(p.dark ? oklch(0.85, 0.02, p.accent.h) : oklch(0.3, 0.02, p.accent.h));
  const body: string[] = [`<rect width="${W}" height="${H}" fill="${hex(ground)}"/>`];
  const cx = W * (0.5 + (rng.next() - 0.5) * 0.2);
  const cy = H * 0.56;
  const r = Math.min(W, H) * 0.17;
  const stroke = Math.max(2, W * 0.004);
  switch (mood) {
    case 'adventure': {
      // A peak drawn in one line, the sun resting beside it.
      const w = r * 1.6;
      body.push(`<circle cx="${n(cx + r * 0.7)}" cy="${n(cy - r * 0.9)}" r="${n(r * 0.32)}" fill="${accent}"/>`);
      body.push(
        `<path d="M${n(cx - w)},${n(cy + r)} L${n(cx - w * 0.2)},${n(cy - r * 0.6)} L${n(cx + w * 0.1)},${n(cy - r * 0.1)} L${n(cx + w * 0.35)},${n(cy - r * 0.35)} L${n(cx + w)},${n(cy + r)}" fill="none" stroke="${line}" stroke-width="${n(stroke)}" stroke-linejoin="round"/>`,
      );
      break;
    }
    case 'mysterious': {
      // An eclipse: the accent ring behind a disc of the ground colour.
      body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.04)}" fill="${accent}"/>`);
      body.push(`<circle cx="${n(cx + r * 0.16)}" cy="${n(cy - r * 0.06)}" r="${n(r)}" fill="${hex(ground)}"/>`);
      break;
    }
    case 'romantic': {
      body.push(`<circle cx="${n(cx - r * 0.42)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="${accent}" opacity="0.9"/>`);
      body.push(
        `<circle cx="${n(cx + r * 0.42)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="${line}" stroke-width="${n(stroke)}"/>`,
      );
      break;
    }
    case 'dramatic': {
      // One bold diagonal cut across the page.
      const t = H * 0.05;
      const y0 = H * (0.72 + rng.next() * 0.05);
      const y1 = H * (0.4 + rng.next() * 0.05);
      body.push(`<path d="M0,${n(y0)} L${W},${n(y1)} L${W},${n(y1 + t)} L0,${n(y0 + t)} Z" fill="${accent}"/>`);
      break;
    }
    case 'peaceful': {
      body.push(`<circle cx="${n(cx)}" cy="${n(cy - r * 0.15)}" r="${n(r * 0.45)}" fill="${accent}"/>`);
      body.push(
        `<path d="M${n(W * 0.18)},${n(cy + r * 0.55)} H${n(W * 0.82)}" stroke="${line}" stroke-width="${n(stroke)}"/>`,
      );
      body.push(
        `<path d="M${n(W * 0.3)},${n(cy + r * 0.75)} H${n(W * 0.7)} M${n(W * 0.4)},${n(cy + r * 0.93)} H${n(W * 0.6)}" stroke="${line}" stroke-width="${n(stroke * 0.6)}" opacity="0.6"/>`,
      );
      break;
    }
  }
  const defs = grainFilter('grain', 0.75, 0.05, seed % 991);
  return {
    defs,
    body: body.join('\n'),
    finish: `<rect width="${W}" height="${H}" filter="url(#grain)"/>`,
    titleTone: toneOn(ground.l),
    authorTone: toneOn(ground.l),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Vintage: a printed book of another century. Paper (or cloth, for the dark moods) with fibre and foxing,
// a ruled double frame with corner ornaments, a central emblem in two inks.

export interface VintageInks {
  paper: string;
  ink: string;
  second: string;
}

export function vintageInks(p: Palette): VintageInks {
  const grey = p.scheme === 'monochrome' ? 0.25 : 1;
  if (p.dark) {
    // Cloth binding stamped in gold: night-blue or violet for mystery, the scheme's deep land colour for drama.
    const cloth = p.mood === 'dramatic' ? oklch(0.25, 0.08 * grey, p.land[3]!.h) : oklch(0.2, 0.055 * grey, p.skyTop.h);
    return {
      paper: hex(cloth),
      ink: hex(oklch(0.8, 0.1 * grey, 85)),
      second: hex(oklch(0.68, p.accent.c * 0.8, p.accent.h)),
    };
  }
  // Paper aged towards the mood: tan for adventure, rose for romance, pale sage for peace.
  const age =
    {
      adventure: oklch(0.86, 0.06 * grey, 75),
      romantic: oklch(0.9, 0.045 * grey, 15),
      peaceful: oklch(0.93, 0.035 * grey, 130),
    }[p.mood as 'adventure' | 'romantic' | 'peaceful'] ?? oklch(0.9, 0.04 * grey, 85);
  return {
    paper: hex(mix(mix(p.paper, oklch(0.9, 0.04 * grey, 85), 0.5), age, 0.45)),
    ink: hex(oklch(0.24, Math.min(0.05, p.land[3]!.c), p.land[3]!.h)),
    second: hex(oklch(0.5, p.accent.c * 0.75, p.accent.h)),
  };
}

export function vintage(ctx: SceneContext): Art {
  const { width: W, height: H, palette: p, mood, seed } = ctx;
  const inks = vintageInks(p);
  const drawing: Drawing = { defs: [], body: [`<rect width="${W}" height="${H}" fill="${inks.paper}"/>`] };
  drawAgedPaper(ctx, drawing);
  const m = Math.min(W, H) * 0.05;
  const frame: Frame = { m, m2: m + Math.min(W, H) * 0.018, s: Math.max(2, W * 0.0045) };
  if (mood === 'adventure') drawChart(ctx, frame, inks, drawing.body);
  drawFrame(ctx, frame, inks, drawing.body);
  drawCornerOrnaments(ctx, frame, inks, drawing.body);
  drawRoundel(ctx, frame, inks, drawing.body);
  drawing.defs.push(grainFilter('grain', 0.65, p.dark ? 0.14 : 0.16, seed % 991));
  return {
    defs: drawing.defs.join('\n'),
    body: drawing.body.join('\n'),
    finish: `<rect width="${W}" height="${H}" filter="url(#grain)"/>`,
    titleTone: p.dark ? 'light' : 'dark',
    authorTone: p.dark ? 'light' : 'dark',
  };
}

/** The frame's outer and inner margins and the stroke unit. */
interface Frame {
  m: number;
  m2: number;
  s: number;
}

/** Foxing (large soft stains of a darker paper tone) and edges darkened with age. */
function drawAgedPaper({ width: W, height: H, palette: p, seed }: SceneContext, { defs, body }: Drawing) {
  defs.push(
    cloudFilter(
      'foxing',
      rgbOf(p.dark ? '#000000' : '#7a5a2a'),
      0.004 * (1024 / W),
      0.004 * (1024 / W),
      seed % 997,
      0.6,
    ),
  );
  body.push(`<rect width="${W}" height="${H}" filter="url(#foxing)" opacity="${p.dark ? 0.35 : 0.18}"/>`);
  defs.push(
    radialGradient(
      'age',
      [
        { offset: 0.6, color: p.dark ? '#000' : '#6b4a1c', opacity: 0 },
        { offset: 1, color: p.dark ? '#000' : '#6b4a1c', opacity: p.dark ? 0.4 : 0.22 },
      ],
      { cx: W / 2, cy: H / 2, r: Math.hypot(W, H) / 2 },
    ),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#age)"/>`);
}

/** An old chart under everything (adventure): meridians and parallels. */
function drawChart({ width: W, height: H }: SceneContext, { m2, s }: Frame, inks: VintageInks, body: string[]) {
  const grid: string[] = [];
  for (let i = 1; i < 8; i += 1) {
    const x = m2 + ((W - 2 * m2) * i) / 8;
    grid.push(`M${n(x)},${n(m2)} Q${n(W / 2 + (x - W / 2) * 1.25)},${n(H / 2)} ${n(x)},${n(H - m2)}`);
  }
  for (let i = 1; i < 12; i += 1) {
    const y = m2 + ((H - 2 * m2) * i) / 12;
    grid.push(`M${n(m2)},${n(y)} H${n(W - m2)}`);
  }
  body.push(
    `<path d="${grid.join(' ')}" fill="none" stroke="${inks.ink}" stroke-width="${n(s * 0.3)}" opacity="0.18" stroke-dasharray="${n(s * 3)} ${n(s * 2)}"/>`,
  );
}

/** A heavy outer rule and a hairline inside (a lighter single rule for peace). */
function drawFrame(
  { width: W, height: H, mood }: SceneContext,
  { m, m2, s }: Frame,
  inks: VintageInks,
  body: string[],
) {
  const heavy = mood === 'dramatic' ? 2.6 : mood === 'peaceful' ? 0.5 : 1.6;
  body.push(
    `<rect ${attrs({ x: m, y: m, width: W - 2 * m, height: H - 2 * m })} fill="none" stroke="${inks.ink}" stroke-width="${n(s * heavy)}"/>`,
  );
  if (mood !== 'peaceful') {
    body.push(
      `<rect ${attrs({ x: m2, y: m2, width: W - 2 * m2, height: H - 2 * m2 })} fill="none" stroke="${inks.ink}" stroke-width="${n(s * 0.5)}"/>`,
    );
  }
}

/** Lozenges at the corners; leaf sprigs for romance, a dot for peace. */
function drawCornerOrnaments(ctx: SceneContext, { m2, s }: Frame, inks: VintageInks, body: string[]) {
  const { width: W, height: H, mood } = ctx;
  const o = Math.min(W, H) * 0.028;
  for (const [x, y] of [
    [m2, m2],
    [W - m2, m2],
    [m2, H - m2],
    [W - m2, H - m2],
  ] as const) {
    if (mood === 'romantic') {
      const a = Math.atan2(H / 2 - y, W / 2 - x) * (180 / Math.PI);
      body.push(
        `<path d="${leaf(x + Math.cos(((a - 30) * Math.PI) / 180) * o * 0.7, y + Math.sin(((a - 30) * Math.PI) / 180) * o * 0.7, o * 1.3, a - 30)} ${leaf(x + Math.cos(((a + 30) * Math.PI) / 180) * o * 0.7, y + Math.sin(((a + 30) * Math.PI) / 180) * o * 0.7, o * 1.3, a + 30)}" fill="${inks.second}" stroke="${inks.ink}" stroke-width="${n(s * 0.4)}"/>`,
      );
      body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(o * 0.3)}" fill="${inks.ink}"/>`);
    } else if (mood === 'peaceful') {
      body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(o * 0.25)}" fill="${inks.second}"/>`);
    } else {
      body.push(
        `<path d="M${n(x)},${n(y - o)} L${n(x + o)},${n(y)} L${n(x)},${n(y + o)} L${n(x - o)},${n(y)} Z" fill="${inks.second}" stroke="${inks.ink}" stroke-width="${n(s * 0.5)}"/>`,
      );
      body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(o * 0.28)}" fill="${inks.paper}"/>`);
    }
  }
}

/** The emblem: a double roundel with the mood's device. */
function drawRoundel({ width: W, height: H, mood }: SceneContext, { s }: Frame, inks: VintageInks, body: string[]) {
  const cx = W / 2;
  const cy = H * 0.6;
  const r = Math.min(W * 0.22, H * 0.13);
  body.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${inks.ink}" stroke-width="${n(s)}"/>`,
  );
  body.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="none" stroke="${inks.ink}" stroke-width="${n(s * 0.4)}"/>`,
  );
  const dots: string[] = [];
  for (let i = 0; i < 48; i += 1) {
    const a = (i / 48) * Math.PI * 2;
    dots.push(
      `<circle cx="${n(cx + Math.cos(a) * r * 0.95)}" cy="${n(cy + Math.sin(a) * r * 0.95)}" r="${n(s * 0.45)}" fill="${inks.ink}"/>`,
    );
  }
  body.push(dots.join(''));
  body.push(emblem(mood, cx, cy, r * 0.72, inks, s));
}

function emblem(mood: CoverMood, cx: number, cy: number, r: number, inks: VintageInks, s: number): string {
  const stroke = `stroke="${inks.ink}" stroke-width="${n(s * 0.7)}" stroke-linejoin="round"`;
  switch (mood) {
    case 'adventure': {
      // A compass rose.
      return [
        `<path d="${star(cx, cy, r, r * 0.16, 4, -90)}" fill="${inks.second}" ${stroke}/>`,
        `<path d="${star(cx, cy, r * 0.62, r * 0.12, 4, -45)}" fill="${inks.paper}" ${stroke}/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.1)}" fill="${inks.ink}"/>`,
      ].join('');
    }
    case 'mysterious': {
      // A keyhole under a crescent and stars.
      const k = r * 0.42;
      return [
        `<path d="M${n(cx + r * 0.05)},${n(cy - r * 0.95)} a${n(r * 0.42)},${n(r * 0.42)} 0 1 0 ${n(r * 0.5)},${n(r * 0.55)} a${n(r * 0.34)},${n(r * 0.34)} 0 1 1 ${n(-r * 0.5)},${n(-r * 0.55)} Z" fill="${inks.second}" ${stroke}/>`,
        `<circle cx="${n(cx)}" cy="${n(cy + k * 0.2)}" r="${n(k * 0.42)}" fill="${inks.ink}"/>`,
        `<path d="M${n(cx - k * 0.22)},${n(cy + k * 0.35)} L${n(cx + k * 0.22)},${n(cy + k * 0.35)} L${n(cx + k * 0.34)},${n(cy + k * 1.45)} L${n(cx - k * 0.34)},${n(cy + k * 1.45)} Z" fill="${inks.ink}"/>`,
        `<path d="${sparkle(cx - r * 0.55, cy - r * 0.35, r * 0.12)} ${sparkle(cx + r * 0.6, cy + r * 0.2, r * 0.09)} ${sparkle(cx - r * 0.45, cy + r * 0.55, r * 0.08)}" fill="${inks.ink}"/>`,
      ].join('');
    }
    case 'romantic': {
      // A heart in a wreath of leaves.
      const leaves: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        for (const side of [-1, 1]) {
          const a = Math.PI / 2 + side * (0.35 + i * 0.28);
          const x = cx + Math.cos(a) * r * 0.78;
          const y = cy + Math.sin(a) * r * 0.78;
          leaves.push(leaf(x, y, r * 0.26, (a * 180) / Math.PI + side * 90 + 180));
        }
      }
      return [
        `<path d="${leaves.join(' ')}" fill="${inks.second}" ${stroke}/>`,
        `<path d="${heart(cx, cy, r * 0.75)}" fill="${inks.ink}"/>`,
      ].join('');
    }
    case 'dramatic': {
      // Crossed swords.
      const sword = (angle: number) => {
        const a = (angle * Math.PI) / 180;
        const ux = Math.cos(a);
        const uy = Math.sin(a);
        const px = -uy;
        const py = ux;
        const L = r * 1.05;
        const w = r * 0.07;
        const tip = [cx + ux * L, cy + uy * L];
        const hilt = [cx - ux * L * 0.55, cy - uy * L * 0.55];
        const pommel = [cx - ux * L * 0.85, cy - uy * L * 0.85];
        const blade = `M${n(hilt[0]! + px * w)},${n(hilt[1]! + py * w)} L${n(tip[0]! - ux * w * 2 + px * w)},${n(tip[1]! - uy * w * 2 + py * w)} L${n(tip[0]!)},${n(tip[1]!)} L${n(tip[0]! - ux * w * 2 - px * w)},${n(tip[1]! - uy * w * 2 - py * w)} L${n(hilt[0]! - px * w)},${n(hilt[1]! - py * w)} Z`;
        const guard = `M${n(hilt[0]! + px * w * 4)},${n(hilt[1]! + py * w * 4)} L${n(hilt[0]! - px * w * 4)},${n(hilt[1]! - py * w * 4)}`;
        const grip = `M${n(hilt[0]!)},${n(hilt[1]!)} L${n(pommel[0]!)},${n(pommel[1]!)}`;
        return `<path d="${blade}" fill="${inks.second}" ${stroke}/><path d="${guard} ${grip}" stroke="${inks.ink}" stroke-width="${n(w * 1.6)}" stroke-linecap="round"/><circle cx="${n(pommel[0]!)}" cy="${n(pommel[1]!)}" r="${n(w * 1.4)}" fill="${inks.ink}"/>`;
      };
      return sword(-55) + sword(-125);
    }
    case 'peaceful': {
      // A rising sun over water.
      const rays: string[] = [];
      for (let i = 0; i <= 10; i += 1) {
        const a = Math.PI + (i / 10) * Math.PI;
        rays.push(
          `M${n(cx + Math.cos(a) * r * 0.45)},${n(cy + r * 0.1 + Math.sin(a) * r * 0.45)} L${n(cx + Math.cos(a) * r * 0.85)},${n(cy + r * 0.1 + Math.sin(a) * r * 0.85)}`,
        );
      }
      return [
        `<path d="${rays.join(' ')}" stroke="${inks.ink}" stroke-width="${n(s * 0.8)}" stroke-linecap="round"/>`,
        `<path d="M${n(cx - r * 0.35)},${n(cy + r * 0.1)} a${n(r * 0.35)},${n(r * 0.35)} 0 0 1 ${n(r * 0.7)},0 Z" fill="${inks.second}" ${stroke}/>`,
        `<path d="M${n(cx - r * 0.8)},${n(cy + r * 0.25)} h${n(r * 1.6)} M${n(cx - r * 0.6)},${n(cy + r * 0.42)} h${n(r * 1.2)} M${n(cx - r * 0.35)},${n(cy + r * 0.59)} h${n(r * 0.7)}" stroke="${inks.ink}" stroke-width="${n(s * 0.8)}" stroke-linecap="round"/>`,
      ].join('');
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fantasy: a glowing sigil in a deep sky, light rays, motes of light and mist.

export function fantasy(ctx: SceneContext): Art {
  const { width: W, height: H, palette: p, mood, seed } = ctx;
  const drawing: Drawing = { defs: [], body: [] };
  const { deep, mid } = fantasySky(ctx);
  const sigil: Sigil = { cx: W / 2, cy: H * 0.58, r: Math.min(W, H) * (W > H ? 0.24 : 0.3) };
  drawAura(ctx, sigil, deep, mid, drawing);
  const light = hex(mood === 'dramatic' ? oklch(0.85, 0.14, 55) : lighten(p.glow, 0.03));
  drawSigilLight(ctx, sigil, light, drawing);
  drawSigil(ctx, sigil, light, drawing);
  drawMotes(ctx, sigil, light, drawing);
  drawing.body.push(fantasyForeground(ctx, deep, light));
  drawMistAndShade(ctx, drawing);
  drawing.defs.push(grainFilter('grain', 0.9, 0.07, seed % 991));
  return {
    defs: drawing.defs.join('\n'),
    body: drawing.body.join('\n'),
    finish: `<rect width="${W}" height="${H}" filter="url(#grain)"/>`,
    titleTone: 'light',
    authorTone: 'light',
  };
}

/** Where the sigil stands: its centre and radius. */
interface Sigil {
  cx: number;
  cy: number;
  r: number;
}

/** Each mood pulls the sky towards its own light: gold, violet night, rose, fire, dawn aqua. */
function fantasySky({ palette: p, mood }: SceneContext): { deep: Oklch; mid: Oklch } {
  const tint = {
    adventure: oklch(0.6, 0.13, 80),
    mysterious: oklch(0.3, 0.12, 295),
    romantic: oklch(0.65, 0.12, 355),
    dramatic: oklch(0.45, 0.18, 30),
    peaceful: oklch(0.8, 0.07, 190),
  }[mood];
  const tinted = (c: Oklch, t: number) =>
    p.scheme === 'monochrome' ? mix(c, oklch(tint.l, 0, 0), t) : mix(c, tint, t);
  const deep = tinted(
    mix(p.skyTop, oklch(0.08, 0.04, p.skyTop.h), mood === 'peaceful' ? 0.35 : mood === 'mysterious' ? 0.6 : 0.5),
    0.2,
  );
  const mid = tinted(mix(p.skyTop, p.accent, 0.35), 0.35);
  return { deep, mid };
}

function drawAura({ width: W, height: H }: SceneContext, { cx, cy }: Sigil, deep: Oklch, mid: Oklch, drawing: Drawing) {
  drawing.defs.push(
    radialGradient(
      'aura',
      [
        { offset: 0, color: hex(lighten(mid, 0.12)) },
        { offset: 0.45, color: hex(mid) },
        { offset: 1, color: hex(deep) },
      ],
      { cx, cy, r: Math.hypot(W, H) * 0.6 },
    ),
  );
  drawing.body.push(`<rect width="${W}" height="${H}" fill="url(#aura)"/>`);
}

/** Soft rays all round the sigil, and the bright core behind it. */
function drawSigilLight(ctx: SceneContext, { cx, cy, r }: Sigil, light: string, { defs, body }: Drawing) {
  const { width: W, height: H, rng } = ctx;
  const rays: string[] = [];
  for (let i = 0; i < 24; i += 1) {
    const a = (i / 24) * Math.PI * 2 + rng.next() * 0.1;
    const spread = 0.02 + rng.next() * 0.025;
    const L = Math.hypot(W, H);
    rays.push(
      `M${n(cx)},${n(cy)} L${n(cx + Math.cos(a - spread) * L)},${n(cy + Math.sin(a - spread) * L)} L${n(cx + Math.cos(a + spread) * L)},${n(cy + Math.sin(a + spread) * L)} Z`,
    );
  }
  defs.push(blurFilter('softrays', W * 0.01));
  body.push(`<path d="${rays.join(' ')}" fill="${light}" opacity="0.12" filter="url(#softrays)"/>`);
  defs.push(
    radialGradient(
      'core',
      [
        { offset: 0, color: light, opacity: 0.9 },
        { offset: 0.4, color: light, opacity: 0.35 },
        { offset: 1, color: light, opacity: 0 },
      ],
      { cx, cy, r: r * 1.3 },
    ),
  );
  body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.3)}" fill="url(#core)"/>`);
}

/** The sigil, drawn once sharp and once blurred beneath for the glow. */
function drawSigil(
  { width: W, palette: p, mood }: SceneContext,
  { cx, cy, r }: Sigil,
  light: string,
  drawing: Drawing,
) {
  const s = Math.max(2, W * 0.0035);
  const parts: string[] = [];
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke-width="${n(s * 1.3)}"/>`);
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.92)}" fill="none" stroke-width="${n(s * 0.6)}"/>`);
  const ticks: string[] = [];
  for (let i = 0; i < 72; i += 1) {
    const a = (i / 72) * Math.PI * 2;
    const inner = r * (i % 6 === 0 ? 0.8 : 0.86);
    ticks.push(
      `M${n(cx + Math.cos(a) * inner)},${n(cy + Math.sin(a) * inner)} L${n(cx + Math.cos(a) * r * 0.92)},${n(cy + Math.sin(a) * r * 0.92)}`,
    );
  }
  parts.push(`<path d="${ticks.join(' ')}" stroke-width="${n(s * 0.6)}"/>`);
  const points = { adventure: 8, mysterious: 7, romantic: 5, dramatic: 9, peaceful: 6 }[mood];
  const step = { adventure: 3, mysterious: 3, romantic: 2, dramatic: 4, peaceful: 1 }[mood];
  parts.push(`<path d="${starPolygon(cx, cy, r * 0.78, points, step)}" fill="none" stroke-width="${n(s)}"/>`);
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.42)}" fill="none" stroke-width="${n(s * 0.8)}"/>`);
  parts.push(sigilDevice(mood, cx, cy, r * 0.36, s));
  const sigil = parts.join('');
  drawing.defs.push(blurFilter('sigilglow', W * 0.008));
  drawing.body.push(`<g stroke="${light}" fill="${light}" filter="url(#sigilglow)" opacity="0.9">${sigil}</g>`);
  drawing.body.push(
    `<g stroke="${hex(oklch(0.97, 0.03, p.glow.h))}" fill="${hex(oklch(0.97, 0.03, p.glow.h))}">${sigil}</g>`,
  );
}

/** Motes of light around the sigil. */
function drawMotes({ width: W, rng }: SceneContext, { cx, cy, r }: Sigil, light: string, { defs, body }: Drawing) {
  const motes: string[] = [];
  for (let i = 0; i < 70; i += 1) {
    const a = rng.next() * Math.PI * 2;
    const d = r * (0.6 + rng.next() * 2.2);
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d * 1.2;
    const size = W * (0.0015 + rng.next() * 0.004);
    motes.push(
      i % 9 === 0
        ? `<path d="${sparkle(x, y, size * 4)}" opacity="0.9"/>`
        : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}" opacity="${n(0.3 + rng.next() * 0.6)}"/>`,
    );
  }
  defs.push(blurFilter('moteglow', W * 0.002));
  body.push(`<g fill="${light}" filter="url(#moteglow)">${motes.join('')}</g>`);
}

/** Mist along the foot, and darkness at the head for the title. */
function drawMistAndShade({ width: W, height: H, palette: p, seed }: SceneContext, { defs, body }: Drawing) {
  defs.push(
    cloudFilter(
      'mist',
      rgbOf(hex(mix(p.skyMid, p.glow, 0.3))),
      0.003 * (1024 / W),
      0.012 * (1024 / W),
      seed % 997,
      0.9,
    ),
  );
  defs.push(
    `<linearGradient id="mistfade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.7" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient><mask id="mistmask"><rect width="${W}" height="${H}" fill="url(#mistfade)"/></mask>`,
  );
  body.push(`<g mask="url(#mistmask)"><rect width="${W}" height="${H}" filter="url(#mist)" opacity="0.6"/></g>`);
  defs.push(
    linearGradient('headdark', [
      { offset: 0, color: '#000', opacity: 0.55 },
      { offset: 0.35, color: '#000', opacity: 0 },
      { offset: 0.8, color: '#000', opacity: 0 },
      { offset: 1, color: '#000', opacity: 0.5 },
    ]),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#headdark)"/>`);
}

function sigilDevice(mood: CoverMood, cx: number, cy: number, r: number, s: number): string {
  switch (mood) {
    case 'adventure': {
      // A sword, point down.
      const w = r * 0.09;
      return `<path d="M${n(cx - w)},${n(cy - r * 0.5)} L${n(cx + w)},${n(cy - r * 0.5)} L${n(cx + w)},${n(cy + r * 0.75)} L${n(cx)},${n(cy + r * 0.95)} L${n(cx - w)},${n(cy + r * 0.75)} Z"/><path d="M${n(cx - r * 0.4)},${n(cy - r * 0.5)} H${n(cx + r * 0.4)} M${n(cx)},${n(cy - r * 0.5)} V${n(cy - r * 0.85)}" stroke-width="${n(s * 2.2)}" stroke-linecap="round"/><circle cx="${n(cx)}" cy="${n(cy - r * 0.92)}" r="${n(w * 1.3)}"/>`;
    }
    case 'mysterious': {
      // An open eye.
      return `<path d="M${n(cx - r * 0.9)},${n(cy)} Q${n(cx)},${n(cy - r * 0.75)} ${n(cx + r * 0.9)},${n(cy)} Q${n(cx)},${n(cy + r * 0.75)} ${n(cx - r * 0.9)},${n(cy)} Z" fill="none" stroke-width="${n(s * 1.4)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.3)}"/>`;
    }
    case 'romantic': {
      return `<path d="${heart(cx, cy, r * 1.1)}" fill="none" stroke-width="${n(s * 1.6)}"/><path d="${heart(cx, cy, r * 0.45)}"/>`;
    }
    case 'dramatic': {
      // A flame.
      return `<path d="M${n(cx)},${n(cy - r * 0.95)} C${n(cx + r * 0.25)},${n(cy - r * 0.45)} ${n(cx + r * 0.75)},${n(cy - r * 0.1)} ${n(cx + r * 0.45)},${n(cy + r * 0.55)} C${n(cx + r * 0.3)},${n(cy + r * 0.85)} ${n(cx - r * 0.3)},${n(cy + r * 0.85)} ${n(cx - r * 0.45)},${n(cy + r * 0.55)} C${n(cx - r * 0.7)},${n(cy)} ${n(cx - r * 0.2)},${n(cy - r * 0.3)} ${n(cx)},${n(cy - r * 0.95)} Z" fill="none" stroke-width="${n(s * 1.4)}"/><path d="M${n(cx)},${n(cy - r * 0.2)} C${n(cx + r * 0.3)},${n(cy + r * 0.15)} ${n(cx + r * 0.25)},${n(cy + r * 0.6)} ${n(cx)},${n(cy + r * 0.6)} C${n(cx - r * 0.25)},${n(cy + r * 0.6)} ${n(cx - r * 0.3)},${n(cy + r * 0.15)} ${n(cx)},${n(cy - r * 0.2)} Z"/>`;
    }
    case 'peaceful': {
      // A lotus of leaves.
      const leaves = [-60, -30, 0, 30, 60].map((a) =>
        leaf(
          cx + Math.sin((a * Math.PI) / 180) * r * 0.35,
          cy - Math.cos((a * Math.PI) / 180) * r * 0.35 + r * 0.25,
          r * 0.8,
          a - 90,
        ),
      );
      return `<path d="${leaves.join(' ')}" fill="none" stroke-width="${n(s * 1.2)}"/><path d="M${n(cx - r * 0.8)},${n(cy + r * 0.7)} H${n(cx + r * 0.8)}" stroke-width="${n(s * 1.2)}" stroke-linecap="round"/>`;
    }
  }
}

/** What stands under the sigil: a castle on its crag, a dark wood, rising lanterns, spires in embers, still water. */
function fantasyForeground(ctx: SceneContext, deep: Oklch, light: string): string {
  const shade = hex(mix(deep, oklch(0.05, 0, 0), 0.55));
  return foregrounds[ctx.mood](ctx, shade, light);
}

const foregrounds: Record<CoverMood, (ctx: SceneContext, shade: string, light: string) => string> = {
  adventure: castleOnCrag,
  mysterious: darkWood,
  romantic: risingLanterns,
  dramatic: spiresInEmbers,
  peaceful: stillWaterUnderTheSigil,
};

/** A castle on its crag, light in the keep's windows. */
function castleOnCrag({ width: W, height: H, rng }: SceneContext, shade: string, light: string): string {
  const base = H * 0.86;
  const x = W * (0.22 + rng.next() * 0.1);
  const u = W * 0.03;
  const tower = (tx: number, ty: number, w: number, h: number) => {
    const top = ty - h;
    let d = `M${n(tx - w / 2)},${n(ty)} L${n(tx - w / 2)},${n(top)} `;
    const merlons = 3;
    for (let i = 0; i < merlons; i += 1) {
      const x0 = tx - w / 2 + (i * w) / merlons;
      d += `L${n(x0)},${n(top - w * 0.25)} L${n(x0 + w / (merlons * 2))},${n(top - w * 0.25)} L${n(x0 + w / (merlons * 2))},${n(top)} L${n(x0 + w / merlons)},${n(top)} `;
    }
    return `${d}L${n(tx + w / 2)},${n(ty)} Z M${n(tx - w * 0.62)},${n(top - w * 0.25)} L${n(tx)},${n(top - w * 1.6)} L${n(tx + w * 0.62)},${n(top - w * 0.25)} Z`;
  };
  const crag = ridge(rng, { width: W, baseY: base, amplitude: H * 0.1, roughness: 0.3, bottom: H + 2, peaks: 2 });
  const castle = [
    tower(x, base - H * 0.06, u * 2.2, H * 0.1),
    tower(x + u * 3, base - H * 0.05, u * 1.6, H * 0.16),
    tower(x + u * 6, base - H * 0.055, u * 2, H * 0.08),
    `M${n(x)},${n(base - H * 0.05)} h${n(u * 6)} v${n(-H * 0.05)} h${n(-u * 6)} Z`,
  ];
  const windows = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${n(x + u * 3 - u * 0.15)}" y="${n(base - H * 0.17 + i * H * 0.03)}" width="${n(u * 0.3)}" height="${n(H * 0.012)}" fill="${light}"/>`,
    )
    .join('');
  return `<path d="${crag} ${castle.join(' ')}" fill="${shade}"/>${windows}`;
}

/** A dark wood. */
function darkWood({ width: W, height: H, rng }: SceneContext, shade: string): string {
  let d = `M0,${n(H)} L0,${n(H * 0.9)} L${W},${n(H * 0.9)} L${W},${n(H)} Z`;
  for (let x = -10; x < W + 10; x += W * (0.04 + rng.next() * 0.05))
    d += ' ' + pine(x, H * 0.9 + rng.next() * H * 0.02, H * (0.12 + rng.next() * 0.1));
  return `<path d="${d}" fill="${shade}"/>`;
}

/** Lanterns rising into the night over a dark hill. */
function risingLanterns({ width: W, height: H, rng }: SceneContext, shade: string): string {
  const lanterns: string[] = [];
  for (let i = 0; i < 22; i += 1) {
    const x = rng.next() * W;
    const y = H * (0.35 + rng.next() * 0.55);
    const s = W * (0.008 + rng.next() * 0.012) * (0.6 + (y / H) * 0.8);
    lanterns.push(
      `<path d="M${n(x - s)},${n(y - s * 1.3)} L${n(x + s)},${n(y - s * 1.3)} L${n(x + s * 0.75)},${n(y + s * 1.3)} L${n(x - s * 0.75)},${n(y + s * 1.3)} Z" opacity="${n(0.55 + rng.next() * 0.4)}"/>`,
    );
  }
  return `<g fill="${hex(oklch(0.85, 0.13, 70))}" filter="url(#moteglow)">${lanterns.join('')}</g><path d="${hills(rng, { width: W, baseY: H * 0.95, amplitude: H * 0.04, bottom: H + 2 })}" fill="${shade}"/>`;
}

/** Spires black against embers. */
function spiresInEmbers({ width: W, height: H, rng }: SceneContext, shade: string): string {
  const spires: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const x = (i + rng.next()) * (W / 9);
    const h = H * (0.06 + rng.next() * 0.16);
    const w = W * (0.03 + rng.next() * 0.03);
    spires.push(
      `M${n(x - w)},${n(H + 2)} L${n(x - w * 0.2)},${n(H - h)} L${n(x + w * 0.1)},${n(H - h * 0.85)} L${n(x + w)},${n(H + 2)} Z`,
    );
  }
  const embers: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    embers.push(
      `<circle cx="${n(rng.next() * W)}" cy="${n(H * (0.4 + rng.next() * 0.55))}" r="${n(W * (0.0015 + rng.next() * 0.003))}" opacity="${n(0.4 + rng.next() * 0.6)}"/>`,
    );
  }
  return `<g fill="${hex(oklch(0.75, 0.17, 45))}" filter="url(#moteglow)">${embers.join('')}</g><path d="${spires.join(' ')}" fill="${shade}"/>`;
}

/** Still water holding the sigil's light. */
function stillWaterUnderTheSigil({ width: W, height: H, rng }: SceneContext, shade: string, light: string): string {
  const y = H * 0.84;
  const reflection = `<ellipse cx="${n(W / 2)}" cy="${n(y + H * 0.05)}" rx="${n(W * 0.25)}" ry="${n(H * 0.03)}" fill="${light}" opacity="0.35" filter="url(#softrays)"/>`;
  const lines: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const ly = y + H * 0.01 + i * H * 0.011;
    const half = W * (0.05 + rng.next() * 0.15);
    lines.push(`M${n(W / 2 - half + (rng.next() - 0.5) * W * 0.1)},${n(ly)} h${n(half * 2)}`);
  }
  return `<rect y="${n(y)}" width="${W}" height="${n(H - y)}" fill="${shade}" opacity="0.75"/>${reflection}<path d="${lines.join(' ')}" stroke="${light}" stroke-width="${n(H * 0.002)}" opacity="0.6" stroke-linecap="round"/><path d="${hills(rng, { width: W * 0.35, baseY: y, amplitude: H * 0.03, bottom: y + 1 })}" fill="${shade}"/>`;
}
