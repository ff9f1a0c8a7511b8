import fsPromises from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { descriptionText } from '@bookwright/contracts/text';
import { type TiptapDocument } from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import {
  bidiLines,
  buildCover,
  buildDocument,
  trickyExportBook,
  trickyTexts,
  type SampleLanguage,
} from '../testing/books';
import { decodeXml, openEpub, visibleText, type EpubFiles } from '../testing/epub-files';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../testing/epubcheck';
import { renderEpub } from './render-epub';
import { EpubResourceError, SealedEPub } from './sealed-epub';

// Every EPUB this file produces is built once in beforeAll, inspected by the structure tests, and run
// through epubcheck by the last block (0 fatal errors, 0 errors, 0 warnings).

const skipEpubcheck = !epubcheckAvailable && !process.env.CI;
if (skipEpubcheck) console.warn(`\n\n!!! ${epubcheckMissingMessage} !!!\n\n`);

const modified = new Date('2024-06-01T10:00:00Z');
const later = new Date('2025-01-15T08:30:00Z');

/** A local server that counts requests, and a file no EPUB may ever contain. */
const bait = { server: undefined as Server | undefined, requests: 0, baseUrl: '', dir: '', file: '', marker: '' };

function baitDocument(): TiptapDocument {
  const fileUrl = pathToFileURL(bait.file).href;
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Bait' }] },
      {
        type: 'paragraph',
        content: [{ type: 'text', text: `<img src="${fileUrl}"> <img src="${bait.baseUrl}/text.png">` }],
      },
      { type: 'image', attrs: { src: fileUrl } },
      { type: 'image', attrs: { src: `${bait.baseUrl}/node.png` } },
      {
        type: 'paragraph',
        attrs: { style: `background: url(${bait.baseUrl}/style.png)`, src: fileUrl },
        content: [
          { type: 'text', text: 'file link', marks: [{ type: 'link', attrs: { href: fileUrl } }] },
          { type: 'text', text: ' web link', marks: [{ type: 'link', attrs: { href: `${bait.baseUrl}/page` } }] },
          { type: 'image', attrs: { src: `${bait.baseUrl}/inline.png` } },
        ],
      },
      {
        type: 'figure',
        content: [
          { type: 'image', attrs: { src: fileUrl } },
          { type: 'paragraph', content: [{ type: 'text', text: 'caption' }] },
        ],
      },
    ],
  };
}

interface Sample {
  build: () => Promise<{ book: ExportBook; modified: Date }>;
}

const languageSample = (language: SampleLanguage, withCover: boolean): Sample => ({
  build: async () => ({
    book: trickyExportBook({ cover: withCover ? await buildCover(1_024, 1_536) : null }, language),
    modified,
  }),
});

const samples = {
  'English book with a cover': languageSample('en', true),
  'Italian book without a cover': languageSample('it', false),
  'Spanish book with a cover': languageSample('es', true),
  'English book exported again later': {
    build: async () => ({ book: trickyExportBook({ cover: await buildCover(1_024, 1_536) }, 'en'), modified: later }),
  },
  'book with a right-to-left title and an ISBN': {
    build: async () => ({
      book: trickyExportBook({
        title: `${bidiLines.arabic} & <${bidiLines.hebrew}>`,
        subtitle: null,
        author: 'אנה כהן',
        identifier: '978-0-306-40615-7',
        isbn: '978-0-306-40615-7',
        keywords: [],
        description: null,
        document: buildDocument({ chapters: 1, opening: false }),
        cover: await buildCover(2_000, 3_000),
      }),
      modified,
    }),
  },
  'bare book: no text, no optional metadata': {
    build: async () => ({
      book: trickyExportBook({
        subtitle: null,
        author: null,
        identifier: null,
        publisher: null,
        description: null,
        keywords: [],
        rights: null,
        publicationDate: null,
        document: { type: 'doc', content: [] },
      }),
      modified,
    }),
  },
  'book whose manuscript tries to pull in files and URLs': {
    build: async () => ({ book: trickyExportBook({ document: baitDocument() }), modified }),
  },
} satisfies Record<string, Sample>;
type SampleName = keyof typeof samples;

const epubs = new Map<SampleName, Uint8Array>();
const books = new Map<SampleName, ExportBook>();
const files = async (name: SampleName): Promise<EpubFiles> => openEpub(epubs.get(name) ?? new Uint8Array());

let readFileSpy: ReturnType<typeof vi.spyOn>;
let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  bait.dir = await mkdtemp(join(tmpdir(), 'epub-bait-'));
  bait.file = join(bait.dir, 'secret.png');
  bait.marker = `SECRET-${Math.random().toString(36).slice(2)}-MARKER`;
  await writeFile(bait.file, bait.marker);
  bait.server = createServer((_req, res) => {
    bait.requests += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(bait.marker);
  });
  await new Promise<void>((resolve) => bait.server?.listen(0, '127.0.0.1', resolve));
  bait.baseUrl = `http://127.0.0.1:${(bait.server.address() as AddressInfo).port}`;
  readFileSpy = vi.spyOn(fsPromises, 'readFile');
  fetchSpy = vi.spyOn(globalThis, 'fetch');

  for (const [name, sample] of Object.entries(samples) as [SampleName, Sample][]) {
    const { book, modified: when } = await sample.build();
    books.set(name, book);
    epubs.set(name, await renderEpub(book, { modified: when }));
  }
}, 120_000);

afterAll(async () => {
  readFileSpy.mockRestore();
  fetchSpy.mockRestore();
  await new Promise<void>((resolve) => (bait.server ? bait.server.close(() => resolve()) : resolve()));
  await rm(bait.dir, { recursive: true, force: true });
});

const opf = async (name: SampleName) => (await files(name)).text('OEBPS/content.opf');
const metadataValues = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, 'g'))].map((m) => decodeXml(m[1] ?? ''));

describe('EPUB metadata', () => {
  it.each([
    ['English book with a cover', 'en'],
    ['Italian book without a cover', 'it'],
    ['Spanish book with a cover', 'es'],
  ] as const)('%s carries the book’s metadata, in its language (%s)', async (name, language) => {
    const book = books.get(name);
    const xml = await opf(name);
    expect(xml).toContain(`xml:lang="${language}"`);
    expect(metadataValues(xml, 'dc:language')).toEqual([language]);
    expect(metadataValues(xml, 'dc:identifier')).toEqual(['urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d']);
    expect(xml).toContain('unique-identifier="pub-id"');
    expect(metadataValues(xml, 'dc:title')).toEqual([trickyTexts[language].title, book?.subtitle]);
    expect(metadataValues(xml, 'dc:creator')).toEqual([book?.author]);
    expect(metadataValues(xml, 'dc:publisher')).toEqual(['Press & Sons']);
    // Plain text from the one sanitiser: no tag, not even an escaped one (issue 46).
    expect(metadataValues(xml, 'dc:description')).toEqual([descriptionText(book?.description ?? '')]);
    expect(metadataValues(xml, 'dc:description')[0]).toMatch(/^A description with markup & “quotes”/);
    expect(xml).not.toMatch(/<dc:description[^>]*>[^<]*&lt;/);
    expect(metadataValues(xml, 'dc:subject')).toEqual(['cats & mice', '<tags>', 'emoji 🐭']);
    expect(metadataValues(xml, 'dc:rights')).toEqual([book?.rights]);
    expect(metadataValues(xml, 'dc:date')).toEqual(['2024-05-01']);
    expect(xml).toContain('<meta property="dcterms:modified">2024-06-01T10:00:00Z</meta>');

    // Every content document declares the publication's language.
    const epub = await files(name);
    for (const doc of epub.names.filter((n) => n.endsWith('.xhtml'))) {
      expect(await epub.text(doc)).toContain(`xml:lang="${language}" lang="${language}"`);
    }
  });

  it('keeps the identifier across exports, and gives the same bytes for the same book and time', async () => {
    const first = await opf('English book with a cover');
    const again = await opf('English book exported again later');
    expect(metadataValues(again, 'dc:identifier')).toEqual(metadataValues(first, 'dc:identifier'));
    expect(again).toContain('<meta property="dcterms:modified">2025-01-15T08:30:00Z</meta>');
    const ncx = await (await files('English book exported again later')).text('OEBPS/toc.ncx');
    expect(ncx).toContain('<meta name="dtb:uid" content="urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d" />');

    const book = books.get('English book with a cover');
    if (!book) throw new Error('sample missing');
    const rendered = await renderEpub(book, { modified });
    expect(Buffer.from(rendered).equals(Buffer.from(epubs.get('English book with a cover') ?? []))).toBe(true);
  });

  it('writes an ISBN identifier as urn:isbn with its ONIX type, and right-to-left titles as such', async () => {
    const xml = await opf('book with a right-to-left title and an ISBN');
    expect(metadataValues(xml, 'dc:identifier')).toEqual(['urn:isbn:9780306406157']);
    expect(xml).toContain('<meta refines="#pub-id" property="identifier-type" scheme="onix:codelist5">15</meta>');
    expect(xml).toContain(
      `<dc:title id="title" dir="rtl">${bidiLines.arabic} &amp; &lt;${bidiLines.hebrew}&gt;</dc:title>`,
    );
    expect(xml).toContain('<dc:creator id="creator" dir="rtl">אנה כהן</dc:creator>');
  });

  it('declares its accessibility (EPUB Accessibility 1.1): modes, features, summary in the book’s language, conformance, certifier', async () => {
    const english = await opf('English book with a cover');
    for (const line of [
      '<meta property="schema:accessMode">textual</meta>',
      '<meta property="schema:accessMode">visual</meta>',
      '<meta property="schema:accessModeSufficient">textual</meta>',
      '<meta property="schema:accessibilityFeature">structuralNavigation</meta>',
      '<meta property="schema:accessibilityFeature">tableOfContents</meta>',
      '<meta property="schema:accessibilityFeature">readingOrder</meta>',
      '<meta property="schema:accessibilityFeature">alternativeText</meta>',
      '<meta property="schema:accessibilityHazard">none</meta>',
      '<meta property="schema:accessibilitySummary" xml:lang="en">This book has 4 sections of text with headings, a table of contents and landmarks for navigation, in a single reading order. Its only image is the cover, which has a text description; there are no hazards.</meta>',
      '<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>',
      '<meta property="a11y:certifiedBy">Bookwright</meta>',
    ]) {
      expect(english).toContain(line);
    }
    const italian = await opf('Italian book without a cover');
    expect(italian).toContain(
      '<meta property="schema:accessibilitySummary" xml:lang="it">Questo libro ha 4 sezioni di testo con titoli, un indice e punti di riferimento per la navigazione, in un unico ordine di lettura. Non ha immagini e non presenta rischi.</meta>',
    );
    expect(italian).not.toContain('schema:accessMode">visual');
    expect(italian).not.toContain('alternativeText');
    expect(await opf('Spanish book with a cover')).toContain(
      '<meta property="schema:accessibilitySummary" xml:lang="es">Este libro tiene 4 secciones de texto',
    );
    expect(await opf('bare book: no text, no optional metadata')).toContain(
      '<meta property="schema:accessibilitySummary" xml:lang="en">This book has one section of text',
    );
  });

  it('writes one dc:subject per keyword, ignoring case and surrounding space, the first spelling kept', async () => {
    const book = books.get('English book with a cover');
    if (!book) throw new Error('sample missing');
    const keywords = ['Leuchtturm', ' leuchtturm ', 'Mut', 'MUT', 'mut ', 'Meer'];
    const rendered = await renderEpub({ ...book, keywords }, { modified });
    const xml = await (await openEpub(rendered)).text('OEBPS/content.opf');
    expect(metadataValues(xml, 'dc:subject')).toEqual(['Leuchtturm', 'Mut', 'Meer']);
  });

  it('leaves out optional metadata the book does not have, but never the identifier', async () => {
    const xml = await opf('bare book: no text, no optional metadata');
    expect(metadataValues(xml, 'dc:identifier')).toEqual(['urn:bookwright:book:book-1']);
    for (const element of ['dc:creator', 'dc:publisher', 'dc:description', 'dc:subject', 'dc:rights', 'dc:date']) {
      expect(xml).not.toContain(`<${element}`);
    }
  });
});

describe('EPUB structure', () => {
  it('has a cover image with the EPUB 3 cover-image property and a cover page first in the spine', async () => {
    const epub = await files('English book with a cover');
    const xml = await epub.text('OEBPS/content.opf');
    expect(xml).toContain(
      '<item id="cover-image" href="cover.jpg" media-type="image/jpeg" properties="cover-image" />',
    );
    expect(xml).toContain('<meta name="cover" content="cover-image" />');
    expect(xml).toMatch(
      /<spine toc="ncx">\s*<itemref idref="cover" \/>\s*<itemref idref="title-page" \/>\s*<itemref idref="toc" \/>/,
    );
    const coverPage = await epub.text('OEBPS/cover.xhtml');
    expect(coverPage).toContain('<body class="cover-page" epub:type="cover">');
    // The alt text names the title and the author; doc-cover is the role DPUB-ARIA allows on the image.
    expect(coverPage).toContain(
      '<img src="cover.jpg" epub:type="cover" role="doc-cover" alt="Cover of Tom &amp; Jerry’s &quot;Big&quot; &lt;Adventure&gt; 🐭 by Ann O’Neil &amp; &lt;Friends&gt;" />',
    );
    const image = await epub.bytes('OEBPS/cover.jpg');
    expect([image[0], image[1], image[2]]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('has no cover image, cover page or cover landmark when the book has no cover', async () => {
    const epub = await files('Italian book without a cover');
    expect(epub.names.filter((n) => /cover/.test(n))).toEqual([]);
    expect(await epub.allText()).not.toMatch(/<img|cover-image|epub:type="cover"/);
  });

  it('has a table of contents and landmarks (cover, toc, bodymatter)', async () => {
    const nav = await (await files('Spanish book with a cover')).text('OEBPS/toc.xhtml');
    expect(nav).toContain('<nav epub:type="toc" role="doc-toc" id="toc">');
    expect(nav).toContain('<h1>Índice</h1>');
    expect(nav).toContain('<li><a href="opening.xhtml">Apertura</a></li>');
    expect(nav).toContain('<li><a href="chapter-001.xhtml">Capítulo 1: ¿Por qué &lt;no&gt; &amp; "sí"? 🇪🇸</a></li>');
    expect(nav).toContain('<li><a href="chapter-003.xhtml">Chapter 3 &amp; more</a></li>');
    const landmarks = /<nav epub:type="landmarks"[\s\S]*?<\/nav>/.exec(nav)?.[0] ?? '';
    expect(landmarks).toContain('<a epub:type="cover" href="cover.xhtml">Cubierta</a>');
    expect(landmarks).toContain('<a epub:type="toc" href="toc.xhtml#toc">Índice</a>');
    expect(landmarks).toContain('<a epub:type="bodymatter" href="opening.xhtml">Comienzo</a>');
    const xml = await opf('Spanish book with a cover');
    expect(xml).toContain('<item id="toc" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav" />');
  });

  it('splits the manuscript at level-1 headings, with the text before the first one as an opening', async () => {
    const epub = await files('English book with a cover');
    expect(epub.names.filter((n) => /opening|chapter-/.test(n)).sort()).toEqual([
      'OEBPS/chapter-001.xhtml',
      'OEBPS/chapter-002.xhtml',
      'OEBPS/chapter-003.xhtml',
      'OEBPS/opening.xhtml',
    ]);
    const opening = visibleText(await epub.text('OEBPS/opening.xhtml'));
    expect(opening).toBe(`This book was written offline for a test. ${trickyTexts.en.line}`);
    const chapter = await epub.text('OEBPS/chapter-001.xhtml');
    expect(chapter).toContain('<section epub:type="chapter" role="doc-chapter">');
    expect(decodeXml(/<h1>([\s\S]*?)<\/h1>/.exec(chapter)?.[1] ?? '')).toBe(trickyTexts.en.chapter);
    const text = visibleText(chapter);
    for (const line of [
      trickyTexts.en.line,
      bidiLines.arabic,
      bidiLines.hebrew,
      bidiLines.mixed,
      bidiLines.combining,
    ]) {
      expect(text).toContain(line);
    }
    expect(decodeXml(chapter)).toContain('<a href="https://example.com/a?b=1&c=%222%22">link & more</a>');
    // A right-to-left paragraph chooses its direction; its Arabic or Hebrew stretch carries lang and dir.
    expect(chapter).toMatch(/<p dir="auto"><span lang="(ar|he)" xml:lang="\1" dir="rtl">[^<]*<\/span>[^<]*<\/p>/);
    expect(visibleText(await epub.text('OEBPS/title-page.xhtml'))).toBe(
      [
        trickyTexts.en.title,
        'A subtitle with <tags> & "quotes"',
        'Ann O’Neil & <Friends>',
        'Press & Sons',
        '© 2024 Ann O’Neil. All rights reserved.',
      ].join(' '),
    );
  });

  it('has no image but the cover we supply', async () => {
    for (const name of Object.keys(samples) as SampleName[]) {
      const epub = await files(name);
      expect(epub.names.filter((n) => /\.(png|jpe?g|gif|webp|svg)$/i.test(n))).toEqual(
        name.includes('without') || name.startsWith('bare') || name.startsWith('book whose') ? [] : ['OEBPS/cover.jpg'],
      );
      for (const doc of epub.names.filter((n) => n.endsWith('.xhtml') && n !== 'OEBPS/cover.xhtml')) {
        expect(await epub.text(doc)).not.toMatch(/<img/i);
      }
    }
  });
});

describe('EPUB export never fetches', () => {
  it('keeps file:// and http:// sources from the manuscript out of the EPUB, reading and requesting nothing', async () => {
    const epub = await files('book whose manuscript tries to pull in files and URLs');
    expect(await epub.allText()).not.toContain(bait.marker);
    expect(epub.names.some((n) => n.includes('images/'))).toBe(false);
    expect(bait.requests).toBe(0);
    expect(readFileSpy.mock.calls.some((call: unknown[]) => String(call[0]).includes('secret.png'))).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    const chapter = await epub.text('OEBPS/chapter-001.xhtml');
    expect(chapter).not.toMatch(/<img|\sstyle="|\ssrc="/);
    expect(visibleText(chapter)).toContain(`<img src="${pathToFileURL(bait.file).href}">`);
    // The file: link lost its target; the web link kept it (a link is never fetched).
    expect(chapter).toContain(`<a href="${bait.baseUrl}/page"> web link</a>`);
    expect(chapter).not.toContain('href="file:');
  });

  it('refuses to build when image sources reach epub-gen-memory anyway', async () => {
    const fileUrl = pathToFileURL(bait.file).href;
    const sealed = new SealedEPub({ title: 'Sealed', verbose: false }, [
      { title: 'One', content: `<p><img src="${fileUrl}" /><img src="${bait.baseUrl}/pixel.png" /></p>` },
    ]);
    await expect(sealed.renderZip()).rejects.toThrow(EpubResourceError);
    expect(() => new SealedEPub({ title: 'x', cover: `${bait.baseUrl}/cover.jpg` }, [])).toThrow(EpubResourceError);
    expect(
      () => new SealedEPub({ title: 'x', fonts: [{ filename: 'f.ttf', url: `${bait.baseUrl}/f.ttf` }] }, []),
    ).toThrow(EpubResourceError);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bait.requests).toBe(0);
    expect(readFileSpy.mock.calls.some((call: unknown[]) => String(call[0]).includes('secret.png'))).toBe(false);
  });
});

describe.skipIf(skipEpubcheck)('epubcheck', () => {
  it.each(Object.keys(samples) as SampleName[])(
    '%s: no fatal errors, errors or warnings',
    async (name) => {
      const report = await epubcheck(epubs.get(name) ?? new Uint8Array());
      expect(report.problems).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    300_000,
  );
});
