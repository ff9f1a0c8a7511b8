import type { Random } from '@bookwright/offline/random';

/** Small SVG building blocks shared by the compositions. Coordinates in px, y down. */

export const n = (value: number): string => String(Math.round(value * 10) / 10);

export function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join(' ');
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

export function linearGradient(id: string, stops: Stop[], from = { x1: 0, y1: 0, x2: 0, y2: 1 }): string {
  return `<linearGradient id="${id}" ${attrs(from)}>${stopsOf(stops)}</linearGradient>`;
}

export function radialGradient(
  id: string,
  stops: Stop[],
  geometry: { cx: number; cy: number; r: number; fx?: number; fy?: number },
): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" ${attrs(geometry)}>${stopsOf(stops)}</radialGradient>`;
}

function stopsOf(stops: Stop[]): string {
  return stops
    .map(
      (s) =>
        `<stop offset="${n(s.offset)}" stop-color="${s.color}"${s.opacity === undefined ? '' : ` stop-opacity="${n(s.opacity)}"`}/>`,
    )
    .join('');
}

/** A point list → a smooth closed-to-bottom path (Catmull-Rom through the points, down to `bottom`). */
export function smoothFill(points: [number, number][], bottom: number): string {
  if (points.length < 2) return '';
  let d = `M${n(points[0]![0])},${n(bottom)} L${n(points[0]![0])},${n(points[0]![1])}`;
  d += smoothThrough(points);
  d += ` L${n(points[points.length - 1]![0])},${n(bottom)} Z`;
  return d;
}

/** Cubic segments through the points (Catmull-Rom), continuing a path already at points[0]. */
export function smoothThrough(points: [number, number][]): string {
  let d = '';
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0]!)},${n(c1[1]!)} ${n(c2[0]!)},${n(c2[1]!)} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

/** A jagged mountain ridge (midpoint displacement), filled down to `bottom`. */
export function ridge(
  rng: Random,
  options: { width: number; baseY: number; amplitude: number; roughness: number; bottom: number; peaks?: number },
): string {
  const segments = 64;
  const heights = new Array<number>(segments + 1).fill(0);
  // A few broad peaks, then detail.
  const peaks = options.peaks ?? 2;
  const centres = Array.from({ length: peaks }, () => rng.next());
  for (let i = 0; i <= segments; i += 1) {
    const x = i / segments;
    let h = 0;
    for (const c of centres) h = Math.max(h, 1 - Math.abs(x - c) * (1.6 + rng.next() * 0.02) * peaks);
    heights[i] = Math.max(0.08, h);
  }
  let step = segments / 2;
  let scale = options.roughness;
  while (step >= 1) {
    for (let i = step; i < segments; i += step * 2) {
      heights[i] = (heights[i - step]! + heights[i + step]!) / 2 + (rng.next() - 0.5) * scale;
    }
    step = Math.floor(step / 2);
    scale *= 0.55;
  }
  let d = `M0,${n(options.bottom)}`;
  heights.forEach((h, i) => {
    d += ` L${n((i / segments) * options.width)},${n(options.baseY - Math.max(0, h) * options.amplitude)}`;
  });
  return `${d} L${n(options.width)},${n(options.bottom)} Z`;
}

/** Rolling hills: a sum of two sines, smoothed. */
export function hills(
  rng: Random,
  options: { width: number; baseY: number; amplitude: number; bottom: number; waves?: number },
): string {
  const waves = options.waves ?? 1.5;
  const phase = rng.next() * Math.PI * 2;
  const phase2 = rng.next() * Math.PI * 2;
  const points: [number, number][] = [];
  for (let i = 0; i <= 12; i += 1) {
    const x = (i / 12) * options.width;
    const t = i / 12;
    const y =
      options.baseY -
      options.amplitude *
        (0.5 + 0.35 * Math.sin(t * Math.PI * waves + phase) + 0.15 * Math.sin(t * Math.PI * 3.7 + phase2));
    points.push([x, y]);
  }
  return smoothFill(points, options.bottom);
}

/** A pine silhouette standing at (x, y) with height h. */
export function pine(x: number, y: number, h: number): string {
  const w = h * 0.34;
  const tiers = 4;
  let d = `M${n(x - w * 0.06)},${n(y)} L${n(x + w * 0.06)},${n(y)} L${n(x + w * 0.06)},${n(y - h * 0.12)} L${n(x - w * 0.06)},${n(y - h * 0.12)} Z`;
  for (let t = 0; t < tiers; t += 1) {
    const top = y - h + (t * h * 0.8) / tiers;
    const bottom = top + h * 0.42;
    const half = (w / 2) * (0.5 + (t + 1) / tiers / 1.6);
    d += ` M${n(x)},${n(top)} L${n(x + half)},${n(bottom)} L${n(x - half)},${n(bottom)} Z`;
  }
  return d;
}

/** A bird in flight: two curved strokes. */
export function bird(x: number, y: number, span: number): string {
  const s = span / 2;
  return `M${n(x - s)},${n(y - s * 0.25)} Q${n(x - s * 0.45)},${n(y - s * 0.45)} ${n(x)},${n(y)} Q${n(x + s * 0.45)},${n(y - s * 0.45)} ${n(x + s)},${n(y - s * 0.25)}`;
}

/** A four-pointed sparkle. */
export function sparkle(x: number, y: number, r: number): string {
  const i = r * 0.22;
  return `M${n(x)},${n(y - r)} L${n(x + i)},${n(y - i)} L${n(x + r)},${n(y)} L${n(x + i)},${n(y + i)} L${n(x)},${n(y + r)} L${n(x - i)},${n(y + i)} L${n(x - r)},${n(y)} L${n(x - i)},${n(y - i)} Z`;
}

/** A star polygon {points/step} (e.g. 7/3 heptagram) centred on (x, y). */
export function starPolygon(x: number, y: number, r: number, points: number, step: number, rotation = -90): string {
  let d = '';
  for (let i = 0; i <= points; i += 1) {
    const a = ((rotation + (i * step * 360) / points) * Math.PI) / 180;
    d += `${i === 0 ? 'M' : 'L'}${n(x + r * Math.cos(a))},${n(y + r * Math.sin(a))} `;
  }
  return `${d}Z`;
}

/** A regular polygon or star with inner radius. */
export function star(x: number, y: number, outer: number, inner: number, points: number, rotation = -90): string {
  let d = '';
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    d += `${i === 0 ? 'M' : 'L'}${n(x + r * Math.cos(a))},${n(y + r * Math.sin(a))} `;
  }
  return `${d}Z`;
}

/** A heart centred on (x, y), width w. */
export function heart(x: number, y: number, w: number): string {
  const s = w / 2;
  return `M${n(x)},${n(y + s * 0.9)} C${n(x - s * 1.2)},${n(y + s * 0.1)} ${n(x - s * 1.05)},${n(y - s * 0.95)} ${n(x)},${n(y - s * 0.35)} C${n(x + s * 1.05)},${n(y - s * 0.95)} ${n(x + s * 1.2)},${n(y + s * 0.1)} ${n(x)},${n(y + s * 0.9)} Z`;
}

/** A leaf pointing up-right, centred on (x, y), length l, rotated by `angle` degrees. */
export function leaf(x: number, y: number, l: number, angle: number): string {
  const a = (angle * Math.PI) / 180;
  const tip = [x + (Math.cos(a) * l) / 2, y + (Math.sin(a) * l) / 2];
  const base = [x - (Math.cos(a) * l) / 2, y - (Math.sin(a) * l) / 2];
  const nx = -Math.sin(a) * l * 0.32;
  const ny = Math.cos(a) * l * 0.32;
  return `M${n(base[0]!)},${n(base[1]!)} Q${n(x + nx)},${n(y + ny)} ${n(tip[0]!)},${n(tip[1]!)} Q${n(x - nx)},${n(y - ny)} ${n(base[0]!)},${n(base[1]!)} Z`;
}

/** Film grain / paper fibre: fractal noise as a grey overlay of the given strength. */
export function grainFilter(id: string, frequency: number, strength: number, seed: number): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
<feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="${seed}" stitchTiles="stitch"/>
<feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  1.2 1.2 1.2 0 -1.8"/>
<feComponentTransfer><feFuncA type="linear" slope="${strength}"/></feComponentTransfer>
</filter>`;
}

/** Soft clouds or fog: low-frequency noise turned into alpha of one colour. */
export function cloudFilter(
  id: string,
  color: [number, number, number],
  fx: number,
  fy: number,
  seed: number,
  density = 1,
): string {
  const [r, g, b] = color;
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
<feTurbulence type="fractalNoise" baseFrequency="${fx} ${fy}" numOctaves="4" seed="${seed}"/>
<feColorMatrix type="matrix" values="0 0 0 0 ${r}  0 0 0 0 ${g}  0 0 0 0 ${b}  ${1.6 * density} 0 0 0 ${-0.55 * density}"/>
</filter>`;
}

export function blurFilter(id: string, deviation: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

export function rgbOf(hexColor: string): [number, number, number] {
  const value = Number.parseInt(hexColor.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}
