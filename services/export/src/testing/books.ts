import sharp from 'sharp';
import type { Book, TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { buildBook } from '@bookwright/contracts/testing';

/** The languages the sample books are written in (the spec's three metadata languages). */
export type SampleLanguage = 'en' | 'it' | 'es';
import { toExportBook } from '../domain/to-export-book';
import type { ExportBook } from '../export-book';
import { heading, paragraph, text } from './tiptap-nodes';

/*
 * Test books: metadata and manuscripts that carry everything an export must survive — markup characters
 * (<, &, quotes), emoji (astral and ZWJ sequences), right-to-left text (Arabic, Hebrew), combining marks —
 * in each metadata language (spec §3: en, it, es).
 */

/** Titles and lines with characters that break careless XML, per metadata language. */
export const trickyTexts: Record<SampleLanguage, { title: string; chapter: string; line: string }> = {
  en: {
    title: 'Tom & Jerry’s "Big" <Adventure> 🐭',
    chapter: 'Chapter 1: <Cats> & "Mice" 🐱',
    line: "She wrote <b>not bold</b> & “quoted” it: '5 < 6 > 4' — ok 👩‍👩‍👧 🇬🇧",
  },
  it: {
    title: 'L’avventura di Bianca & Co. <prima> "parte" 🍝',
    chapter: 'Capitolo 1: Perché <sì> & "no" 🇮🇹',
    line: "Così è se vi pare: <i>città</i> & caffè, “virgolette” e 'apici' 😀",
  },
  es: {
    title: 'El niño & la cigüeña: <historia> "única" 🦩',
    chapter: 'Capítulo 1: ¿Por qué <no> & "sí"? 🇪🇸',
    line: "¡Qué día! Año, señor & señora “García” dijeron 'hola' <br> 🌮",
  },
};

/** Right-to-left snippets and combining characters, the same in every language. */
export const bidiLines = {
  arabic: 'مرحبا بالعالم، هذا نص عربي قصير.',
  hebrew: 'שלום עולם, זה טקסט בעברית.',
  mixed: 'He said «שלום» and then «مرحبا» before leaving.',
  combining:
    'Combining: e\u0301 n\u0303 a\u0308 Z\u0324\u0354\u0367\u0311 \u1E69\u0307 — and Hangul \u1100\u1161\u11A8',
};

/**
 * A manuscript with an opening section, `chapters` chapters and every node and mark the editor makes;
 * `paragraphs` plain paragraphs per chapter make it as long as a test needs.
 */
export function buildDocument(
  options: { language?: SampleLanguage; chapters?: number; paragraphs?: number; opening?: boolean } = {},
): TiptapDocument {
  const language = options.language ?? 'en';
  const tricky = trickyTexts[language];
  const chapters = options.chapters ?? 3;
  const content: TiptapNode[] = [];
  if (options.opening ?? true) {
    content.push(
      paragraph(text('This book was written offline for a test. '), text(tricky.line, [{ type: 'italic' }])),
    );
  }
  for (let n = 1; n <= chapters; n += 1) {
    content.push(heading(1, n === 1 ? tricky.chapter : `Chapter ${n} & more`));
    content.push(
      {
        type: 'paragraph',
        attrs: { textAlign: 'justify' },
        content: [
          text('Bold', [{ type: 'bold' }]),
          text(', italic', [{ type: 'italic' }]),
          text(', underline', [{ type: 'underline' }]),
          text(', strike', [{ type: 'strike' }]),
          text(', code <x>', [{ type: 'code' }]),
          text(', H'),
          text('2', [{ type: 'subscript' }]),
          text('O, x'),
          text('2', [{ type: 'superscript' }]),
          text(', a ', [{ type: 'smallCaps' }]),
          text('link & more', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1&c="2"' } }]),
          { type: 'hardBreak' },
          text(tricky.line),
        ],
      },
      paragraph(text(bidiLines.arabic)),
      { type: 'paragraph', attrs: { textAlign: 'right' }, content: [text(bidiLines.hebrew)] },
      paragraph(text(bidiLines.mixed)),
      paragraph(text(bidiLines.combining)),
      heading(2, `Part ${n}.1 <section> & "more"`),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph(text('First & foremost'))] },
          { type: 'listItem', content: [paragraph(text('Second <item>'))] },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 1 },
        content: [{ type: 'listItem', content: [paragraph(text('Numbered “one”'))] }],
      },
      {
        type: 'taskList',
        content: [
          { type: 'taskItem', attrs: { checked: true }, content: [paragraph(text('Done task'))] },
          { type: 'taskItem', attrs: { checked: false }, content: [paragraph(text('Open task'))] },
        ],
      },
      { type: 'blockquote', content: [paragraph(text('A quote with "quotes" & <angles>'))] },
      { type: 'horizontalRule' },
      { type: 'paragraph' },
      { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('* * *')] },
    );
    for (let p = 0; p < (options.paragraphs ?? 2); p += 1) {
      content.push(paragraph(text(`Paragraph ${p + 1} of chapter ${n}. `.repeat(12).trim())));
    }
  }
  return { type: 'doc', content };
}

const baseTime = '2024-06-01T10:00:00.000Z';

/** A ready book with full, tricky metadata in the given metadata language (the shared fixture, filled in). */
export function trickyBook(overrides: Partial<Book> = {}, language: SampleLanguage = 'en'): Book {
  const writing = { en: 'english', it: 'italian', es: 'spanish' } as const;
  return buildBook({
    _id: 'book-1',
    title: trickyTexts[language].title,
    subtitle: 'A subtitle with <tags> & "quotes"',
    status: 'ready',
    genre: 'fantasy',
    language: writing[language],
    targetAudience: 'adults',
    author: 'Ann O’Neil & <Friends>',
    createdAt: baseTime,
    updatedAt: baseTime,
    prompt: 'A test book',
    bookState: null,
    identifier: 'urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d',
    languageMetadata: language,
    genreMetadata: 'fantasy',
    publisher: 'Press & Sons',
    description: 'A description with <b>markup</b> & “quotes”, and Arabic: مرحبا.',
    keywords: ['cats & mice', '<tags>', 'emoji 🐭'],
    rights: '© 2024 Ann O’Neil. All rights reserved.',
    publicationDate: '2024-05-01',
    bookContent: JSON.stringify(buildDocument({ language })),
    ...overrides,
  });
}

/** The ExportBook the export handlers build for `trickyBook({}, language)`, with `overrides`. */
export function trickyExportBook(overrides: Partial<ExportBook> = {}, language: SampleLanguage = 'en'): ExportBook {
  return { ...toExportBook(trickyBook({}, language), buildDocument({ language }), null), ...overrides };
}

/** A PNG cover of the given size (a gradient, so it is not trivially compressible). */
export async function coverPng(widthPx = 1_024, heightPx = 1_536): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e63946"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** An ExportBook cover from `coverPng`. */
export async function buildCover(widthPx = 1_024, heightPx = 1_536): Promise<NonNullable<ExportBook['cover']>> {
  return { data: await coverPng(widthPx, heightPx), contentType: 'image/png', widthPx, heightPx };
}
