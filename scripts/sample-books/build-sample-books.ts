/**
 * Builds the landing page's sample books from the public-domain texts in ./texts with our own pipelines:
 * the typographic cover designer (@bookwright/cover-designer) draws each cover and the export service's EPUB renderer
 * (@bookwright/export) writes each book. Output, committed and served as static files:
 *   web/public/samples/<slug>.epub, <slug>.webp (the showcase cover, 480 px wide) and
 *   web/src/features/landing/sample-books.json (what the showcase shows: counts come from the text).
 *
 * Run: node --import tsx scripts/sample-books/build-sample-books.ts
 * The output is deterministic for a given text (fixed seed and modification date).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { CoverDesign } from '@bookwright/ai';
import { renderTypographicCover } from '@bookwright/cover-designer';
import type { ExportBook } from '@bookwright/export';
import { renderEpub } from '@bookwright/export/epub';
import { countWords } from '@bookwright/contracts/text';
import { type Genre, type TiptapDocument } from '@bookwright/contracts/http';
import { parseSampleText, type SampleText } from './sample-text';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..');
const outDir = join(repo, 'web', 'public', 'samples');
const manifestFile = join(repo, 'web', 'src', 'features', 'landing', 'sample-books.json');
/** The books' dcterms:modified: fixed, so rebuilding an unchanged text gives the same bytes. */
const modified = new Date('2024-01-01T00:00:00Z');

function toDocument(sample: SampleText): TiptapDocument {
  const content: TiptapDocument['content'] = [];
  for (const chapter of sample.chapters) {
    content.push({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: chapter.title }] });
    for (const paragraph of chapter.paragraphs)
      content.push({ type: 'paragraph', content: [{ type: 'text', text: paragraph }] });
  }
  return { type: 'doc', content } as TiptapDocument;
}

async function buildOne(file: string) {
  const sample = parseSampleText(await readFile(join(here, 'texts', file), 'utf8'));
  const design: CoverDesign = {
    title: sample.title,
    subtitle: sample.subtitle ?? null,
    author: sample.author,
    genre: sample.genre as Genre,
    language: 'english',
    style: sample.style,
    mood: sample.mood,
    colorScheme: sample.colorScheme,
    seed: sample.slug,
  };
  const { png } = await renderTypographicCover(design, 1024, 1536);
  const book: ExportBook = {
    id: sample.slug,
    title: sample.title,
    subtitle: sample.subtitle ?? null,
    author: sample.author,
    identifier: `urn:bookwright:sample:${sample.slug}`,
    languageCode: 'en',
    language: 'english',
    languageMetadata: 'en',
    genre: sample.genre,
    publisher: 'Bookwright sample library',
    description: sample.description,
    keywords: [sample.genre, 'public domain', 'sample'],
    rights: 'Public domain',
    publicationDate: null,
    isbn: null,
    document: toDocument(sample),
    cover: { data: png, contentType: 'image/png', widthPx: 1024, heightPx: 1536 },
  };
  const epub = await renderEpub(book, { modified });
  await writeFile(join(outDir, `${sample.slug}.epub`), epub);
  await sharp(png)
    .resize({ width: 480 })
    .webp({ quality: 78 })
    .toFile(join(outDir, `${sample.slug}.webp`));
  const text = sample.chapters.flatMap((c) => c.paragraphs).join(' ');
  return {
    slug: sample.slug,
    title: sample.title,
    author: sample.author,
    genre: sample.genre,
    description: sample.description,
    source: sample.source,
    wordCount: countWords(text),
    chapters: sample.chapters.length,
    coverUrl: `/samples/${sample.slug}.webp`,
    epubUrl: `/samples/${sample.slug}.epub`,
    epubBytes: epub.byteLength,
  };
}

const files = (await readdir(join(here, 'texts'))).filter((f) => f.endsWith('.md')).sort();
const books = [];
for (const file of files) books.push(await buildOne(file));
await writeFile(manifestFile, `${JSON.stringify(books, null, 2)}\n`);
for (const b of books) console.log(`${b.slug}: ${b.wordCount} words, ${b.chapters} chapters, ${b.epubBytes} bytes`);
