/**
 * The classes an EPUB's stylesheets set in small capitals (`font-variant` or `font-variant-caps`
 * `small-caps`, `all-small-caps`), lower-cased: InDesign's and Calibre's EPUBs mark small caps with a class
 * of their own (`.sc`, `.calibre3`) rather than with a known name. Only the class of a rule's subject
 * counts: `.chapter .sc` sets `.sc`, not `.chapter`.
 */
export function smallCapsClasses(stylesheets: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (const css of stylesheets) {
    for (const [, selectors = '', declarations = ''] of css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (!/font-variant(?:-caps)?\s*:[^;]*\b(?:all-)?small-caps\b/i.test(declarations)) continue;
      for (const selector of selectors.split(',')) {
        const subject =
          selector
            .trim()
            .split(/[\s>+~]+/)
            .at(-1) ?? '';
        for (const [, name = ''] of subject.matchAll(/\.([A-Za-z_-][\w-]*)/g)) classes.add(name.toLowerCase());
      }
    }
  }
  return classes;
}
