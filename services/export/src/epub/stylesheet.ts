/** The EPUB's one stylesheet: quiet book typography that leaves the reader's settings in charge. */
export const stylesheet = `@charset "UTF-8";
body { margin: 0 5%; line-height: 1.5; text-align: left; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; page-break-after: avoid; break-after: avoid; }
h1 { font-size: 1.6em; margin: 2em 0 1.2em; text-align: center; }
h2 { font-size: 1.3em; margin: 1.6em 0 0.8em; }
h3 { font-size: 1.15em; margin: 1.4em 0 0.6em; }
h4, h5, h6 { font-size: 1em; margin: 1.2em 0 0.5em; }
p { margin: 0; text-indent: 1.2em; }
h1 + p, h2 + p, h3 + p, h4 + p, h5 + p, h6 + p, hr + p, blockquote + p, ul + p, ol + p, p.blank + p { text-indent: 0; }
p.blank { text-indent: 0; }
li p, blockquote p { text-indent: 0; }
blockquote { margin: 1em 1.5em; font-style: italic; }
hr { border: 0; border-top: 1px solid #999; margin: 1.5em 25%; }
ul, ol { margin: 0.8em 0; padding-left: 1.5em; }
ul.task-list { list-style: none; padding-left: 0.5em; }
.task-box { font-style: normal; }
code { font-family: monospace; font-size: 0.95em; }
.small-caps { font-variant: small-caps; font-variant-caps: small-caps; }
.align-left { text-align: left; }
.align-center { text-align: center; text-indent: 0; }
.align-right { text-align: right; text-indent: 0; }
.align-justify { text-align: justify; }
.title-page { text-align: center; margin-top: 20%; }
.title-page h1 { font-size: 2em; margin: 0 0 0.5em; }
.title-page p { text-indent: 0; margin: 0.5em 0; }
.title-page .subtitle { font-size: 1.2em; font-style: italic; }
.title-page .author { font-size: 1.2em; margin-top: 2em; }
.title-page .publisher { margin-top: 3em; }
.title-page .rights { font-size: 0.8em; margin-top: 3em; }
.cover-page { margin: 0; padding: 0; text-align: center; }
.cover-page img { max-width: 100%; max-height: 100%; }
.book-image { margin: 1em 0; text-align: center; text-indent: 0; page-break-inside: avoid; break-inside: avoid; }
.book-image img { max-width: 100%; max-height: 95vh; }
.book-image-sized { margin-left: auto; margin-right: auto; max-width: 100%; }
.book-image-sized img { width: 100%; height: auto; object-fit: contain; }
nav ol { list-style: none; padding-left: 0; }
nav li { margin: 0.4em 0; }
`;
