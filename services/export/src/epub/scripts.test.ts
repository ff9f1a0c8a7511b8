import { beforeAll, describe, expect, it } from 'vitest';
import { prose } from '../pdf/testing/books';
import { mixedScriptDocument, sampleLanguages, scriptSamples, type SampleScript } from '../pdf/testing/scripts';
import { aceAvailable, aceMissingMessage, aceViolations, describeAceViolations } from '../testing/ace';
import { trickyExportBook } from '../testing/books';
import { decodeXml, openEpub } from '../testing/epub-files';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../testing/epubcheck';
import { renderEpub } from './render-epub';

// The EPUB of a book quoting ten scripts: each stretch in a script other than Latin, Greek and Cyrillic is
// a span with its language (and direction for Arabic and Hebrew), and the file stays valid and accessible.

const skipEpubcheck = !epubcheckAvailable && !process.env.CI;
if (skipEpubcheck) console.warn(`\n\n!!! ${epubcheckMissingMessage} !!!\n\n`);
const skipAce = !aceAvailable();
if (skipAce) console.warn(`\n\n!!! ${aceMissingMessage} !!!\n\n`);

const book = trickyExportBook({
  title: `${scriptSamples.japanese} · Ἐπίγραμμα`,
  subtitle: `${scriptSamples.hebrew} — ${scriptSamples.arabic}`,
  author: 'Фёдор Ким 김민준',
  document: mixedScriptDocument((seed) => prose(seed, 30)),
});

let epub: Uint8Array;
let chapters: string;
beforeAll(async () => {
  epub = await renderEpub(book, { modified: new Date('2026-01-01T00:00:00Z') });
  const files = await openEpub(epub);
  const pages = files.names.filter((name) => /\.x?html$/.test(name));
  chapters = decodeXml((await Promise.all(pages.map((name) => files.text(name)))).join('\n'));
});

describe('every script in the EPUB', () => {
  const marked = (Object.keys(scriptSamples) as SampleScript[]).filter(
    (s) => !['latin', 'greek', 'cyrillic'].includes(s),
  );

  it.each(marked)('marks the %s quotation with its language (and direction)', (script) => {
    const lang = sampleLanguages[script].split('-')[0] ?? '';
    const dir = script === 'arabic' || script === 'hebrew' ? ' dir="rtl"' : '';
    expect(chapters).toContain(`<span lang="${lang}" xml:lang="${lang}"${dir}>${scriptSamples[script]}</span>`);
  });

  it('marks the title page too', () => {
    expect(chapters).toContain(
      `<h1 class="title"><span lang="ja" xml:lang="ja">${scriptSamples.japanese}</span> · Ἐπίγραμμα</h1>`,
    );
    expect(chapters).toContain(`<span lang="ko" xml:lang="ko">김민준</span>`);
  });

  it('leaves Latin, Greek and Cyrillic in the book language, and paragraphs quoting RTL text on dir="auto"', () => {
    expect(chapters).toContain(`${scriptSamples.greek}, she said.`);
    expect(chapters).not.toMatch(/<span lang="[^"]+"[^>]*>Ἐν/);
    expect(chapters).toMatch(/<p dir="auto">In arabic:/);
  });

  it.skipIf(skipEpubcheck)(
    'passes epubcheck',
    async () => {
      const report = await epubcheck(epub);
      expect(report.problems).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    300_000,
  );

  it.skipIf(skipAce)(
    'has no Ace violation',
    async () => {
      expect(describeAceViolations(await aceViolations(epub))).toEqual([]);
    },
    600_000,
  );
});
