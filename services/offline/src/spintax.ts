/**
 * Sentence templates with alternatives: `[a|b|c]` picks one option, `{name}` is filled from a slot. Every
 * combination is numbered, so a chapter can walk through distinct combinations and never repeat a sentence
 * (see ProseComposer).
 */
type Segment = { kind: 'text'; text: string } | { kind: 'choice'; options: string[] } | { kind: 'slot'; name: string };

export interface Template {
  source: string;
  segments: Segment[];
  slotNames: string[];
}

const cache = new Map<string, Template>();

export function parseTemplate(source: string): Template {
  const cached = cache.get(source);
  if (cached) return cached;
  const segments: Segment[] = [];
  const pattern = /\[([^\]]*)\]|\{([a-zA-Z]+)\}/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) segments.push({ kind: 'text', text: source.slice(last, match.index) });
    if (match[1] !== undefined) segments.push({ kind: 'choice', options: match[1].split('|') });
    else segments.push({ kind: 'slot', name: match[2] as string });
    last = match.index + match[0].length;
  }
  if (last < source.length) segments.push({ kind: 'text', text: source.slice(last) });
  const template: Template = {
    source,
    segments,
    slotNames: segments.flatMap((s) => (s.kind === 'slot' ? [s.name] : [])),
  };
  cache.set(source, template);
  return template;
}

export type Slots = Record<string, readonly string[]>;

/** How many distinct renderings a template has with these slot values. */
export function variantCount(template: Template, slots: Slots): number {
  let count = 1;
  for (const segment of template.segments) {
    if (segment.kind === 'choice') count *= segment.options.length;
    if (segment.kind === 'slot') count *= Math.max(1, slots[segment.name]?.length ?? 1);
  }
  return count;
}

/** Renders combination number `index` (0 ≤ index < variantCount) as a mixed-radix number. */
export function renderVariant(template: Template, slots: Slots, index: number): string {
  let rest = index;
  let out = '';
  for (const segment of template.segments) {
    if (segment.kind === 'text') {
      out += segment.text;
    } else if (segment.kind === 'choice') {
      out += segment.options[rest % segment.options.length];
      rest = Math.floor(rest / segment.options.length);
    } else {
      const values = slots[segment.name] ?? [];
      if (values.length === 0) {
        out += '';
      } else {
        out += values[rest % values.length];
        rest = Math.floor(rest / values.length);
      }
    }
  }
  return out;
}

/** Renders one random combination (for plan texts, where repetition does not matter). */
export function renderRandom(source: string, slots: Record<string, string>, random: () => number): string {
  const template = parseTemplate(source);
  return template.segments
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (segment.kind === 'choice') return segment.options[Math.floor(random() * segment.options.length)] ?? '';
      return slots[segment.name] ?? '';
    })
    .join('');
}
