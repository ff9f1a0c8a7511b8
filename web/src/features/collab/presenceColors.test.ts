import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  presenceColorIndex,
  presenceColorOf,
  presencePalette,
  presenceStyleText,
  presenceVariables,
} from './presenceColors';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The papers the carets and avatars sit on (styles.css): white, paper, and their dark-theme values. */
const lightSurfaces = ['#ffffff', '#fbf8f3'];
const darkSurfaces = ['#141211', '#1a1816', '#221f1c'];

describe('presence colours', () => {
  it('give a person the same colour for the same id, whatever else is asked meanwhile', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.array(fc.string()), (id, others) => {
        const first = presenceColorIndex(id);
        for (const other of others) presenceColorIndex(other);
        expect(presenceColorIndex(id)).toBe(first);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(first).toBeLessThan(presencePalette.length);
      }),
    );
  });

  it('spread ids over the whole palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => presenceColorIndex(`user-${i}`)));
    expect(used.size).toBe(presencePalette.length);
  });

  it('read in both themes: each shade against its papers and its label text, at 4.5:1 or more', () => {
    for (const color of presencePalette) {
      for (const paper of lightSurfaces) expect(contrast(color.light, paper), color.name).toBeGreaterThanOrEqual(4.5);
      for (const paper of darkSurfaces) expect(contrast(color.dark, paper), color.name).toBeGreaterThanOrEqual(4.5);
      // Labels: white on the light shade, the dark paper's colour on the dark one.
      expect(contrast(color.light, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(color.dark, '#141211')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('give an element both shades, for the stylesheet to pick the theme’s', () => {
    const color = presenceColorOf('u-1');
    expect(presenceVariables(color)).toEqual({ '--presence-light': color.light, '--presence-dark': color.dark });
    expect(presenceStyleText(color)).toBe(`--presence-light: ${color.light}; --presence-dark: ${color.dark};`);
  });

  it('have distinct names and shades', () => {
    expect(new Set(presencePalette.map((c) => c.name)).size).toBe(presencePalette.length);
    expect(new Set(presencePalette.map((c) => c.light)).size).toBe(presencePalette.length);
    expect(new Set(presencePalette.map((c) => c.dark)).size).toBe(presencePalette.length);
  });
});
