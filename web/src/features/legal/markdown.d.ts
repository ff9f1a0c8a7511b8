/** Markdown turned into HTML at build time by the `markdown-html` plugin of vite.config.ts. */
declare module '*.md?html' {
  const html: string;
  export default html;
}
