/**
 * The colours of the people in a live book: a fixed palette, each person's colour chosen by their user id,
 * so it is the same on every page and every visit. Each colour has a shade per theme:
 * - light: dark enough for white text on it and for a caret on white paper (WCAG 4.5:1 against white);
 * - dark: light enough for dark text on it and for a caret on the dark paper (4.5:1 against it).
 * An element takes a person's colour with the `presence` class and `presenceStyle` (presence.css picks the
 * shade of the theme).
 */
export interface PresenceColor {
  /** What a screen reader would never need: the colour's name, for tests and class names. */
  name: string;
  light: string;
  dark: string;
}

export const presencePalette: readonly PresenceColor[] = [
  { name: 'blue', light: '#1d4ed8', dark: '#93c5fd' },
  { name: 'red', light: '#b91c1c', dark: '#fca5a5' },
  { name: 'green', light: '#15803d', dark: '#86efac' },
  { name: 'purple', light: '#7e22ce', dark: '#d8b4fe' },
  { name: 'orange', light: '#c2410c', dark: '#fdba74' },
  { name: 'teal', light: '#0f766e', dark: '#5eead4' },
  { name: 'pink', light: '#be185d', dark: '#f9a8d4' },
  { name: 'amber', light: '#92400e', dark: '#fcd34d' },
];

/** FNV-1a over the id's UTF-16 units: cheap, and spreads close ids (u-1, u-2) apart. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The palette index of a person: the same for the same user id, everywhere. */
export function presenceColorIndex(userId: string): number {
  return hashOf(userId) % presencePalette.length;
}

export function presenceColorOf(userId: string): PresenceColor {
  return presencePalette[presenceColorIndex(userId)]!;
}

/** Both shades of a colour as the custom properties presence.css reads (with the `presence` class). */
export function presenceVariables(color: PresenceColor): Record<'--presence-light' | '--presence-dark', string> {
  return { '--presence-light': color.light, '--presence-dark': color.dark };
}

/** The same, as a style attribute's text (for DOM built outside React: carets, selections). */
export const presenceStyleText = (color: PresenceColor) =>
  `--presence-light: ${color.light}; --presence-dark: ${color.dark};`;
