import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { Plugin } from 'vite';

const suffix = '?html';

/** A Markdown document as the HTML the build makes of it (GitHub's flavour: tables, autolinks). */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}

/** `import html from './doc.md?html'`: the Markdown file as an HTML string, converted at build time. */
export function markdownHtml(): Plugin {
  return {
    name: 'bookwright:markdown-html',
    async load(id) {
      if (!id.endsWith(`.md${suffix}`)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      const html = markdownToHtml(await readFile(file, 'utf8'));
      return `export default ${JSON.stringify(html)};`;
    },
  };
}
