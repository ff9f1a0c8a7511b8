import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  aceAvailable,
  aceMissingMessage,
  aceViolations,
  describeAceViolations,
} from '../../services/export/src/testing/ace';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../../services/export/src/testing/epubcheck';
import { parseSampleText } from './sample-text';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const samplesDir = join(repo, 'web', 'public', 'samples');
const manifest = JSON.parse(
  await readFile(join(repo, 'web', 'src', 'features', 'landing', 'sample-books.json'), 'utf8'),
) as { slug: string; epubUrl: string; coverUrl: string; chapters: number; source: string }[];

if (!epubcheckAvailable) {
  if (process.env.CI) throw new Error(epubcheckMissingMessage);
  console.warn(`\n${'!'.repeat(78)}\n!! ${epubcheckMissingMessage}\n${'!'.repeat(78)}\n`);
}

const skipAce = !aceAvailable();
if (skipAce) console.warn(`\n${'!'.repeat(78)}\n!! ${aceMissingMessage}\n${'!'.repeat(78)}\n`);

describe('the shipped sample books', () => {
  it('has one built book per text, with its files on disk', async () => {
    const texts = (await readdir(join(repo, 'scripts', 'sample-books', 'texts'))).filter((f) => f.endsWith('.md'));
    expect(manifest.map((b) => b.slug).sort()).toEqual(texts.map((f) => f.replace(/\.md$/, '')).sort());
    const files = await readdir(samplesDir);
    for (const book of manifest) {
      expect(files).toContain(book.epubUrl.replace('/samples/', ''));
      expect(files).toContain(book.coverUrl.replace('/samples/', ''));
      expect(book.source).toContain('Public domain');
    }
  });

  it.skipIf(!epubcheckAvailable).each(manifest.map((b) => b.slug))('%s.epub passes epubcheck', async (slug) => {
    const report = await epubcheck(await readFile(join(samplesDir, `${slug}.epub`)));
    expect(report.problems).toEqual([]);
  });

  it.skipIf(skipAce).each(manifest.map((b) => b.slug))(
    '%s.epub has no Ace by DAISY violation at any impact',
    async (slug) => {
      const violations = await aceViolations(await readFile(join(samplesDir, `${slug}.epub`)));
      expect(describeAceViolations(violations)).toEqual([]);
    },
    300_000,
  );
});

describe('parseSampleText', () => {
  const front = [
    'slug: a-b',
    'title: T',
    'author: A',
    'genre: fiction',
    'language: english',
    'description: D',
    'source: S. Public domain.',
    'style: vintage',
    'mood: peaceful',
    'colorScheme: warm',
  ].join('\n');

  it('splits chapters at # headings and joins wrapped lines of a paragraph', () => {
    const text = parseSampleText(`---\n${front}\n---\n\n# One\n\nfirst\nline\n\nsecond\n\n# Two\n\nthird\n`);
    expect(text.chapters).toEqual([
      { title: 'One', paragraphs: ['first line', 'second'] },
      { title: 'Two', paragraphs: ['third'] },
    ]);
  });

  it('refuses a text without a public-domain source, or with prose before the first chapter', () => {
    expect(() => parseSampleText(`---\n${front.replace('Public domain', 'All rights')}\n---\n# One\n`)).toThrow();
    expect(() => parseSampleText(`---\n${front}\n---\n\nprose\n\n# One\n`)).toThrow(/first # heading/);
  });
});
