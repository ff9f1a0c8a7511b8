import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapterCharacters,
  defaultTrimSize,
  estimatePages,
  type Book,
  type ExportValidation,
  type TiptapDocument,
} from '@bookwright/contracts/http';
import { missingTools, pdfInfo } from '../../services/export/src/pdf/testing/poppler';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { keeperOfLetters, readyBook } from '../support/books';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  // Counting the pages lays the whole interior out: give it time on a busy machine. Past its own deadline
  // (6 s by default) validation answers with no count by design, which is not what this file checks.
  system = await startTestSystem({
    BUS_TIMEOUT_MS: '120000',
    EXPORT_BOOK_TIMEOUT_MS: '120000',
    EXPORT_PAGE_COUNT_TIMEOUT_MS: '110000',
  });
});
afterAll(() => system?.stop());

const print = {
  format: 'pdf',
  platform: 'kdp',
  exportType: 'interior',
  trimSize: defaultTrimSize,
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
} as const;

/**
 * Every surface reads the one estimate and the one print count. How close the estimate comes to the print, in
 * every trim and at several lengths, is services/export/src/pdf/page-estimate.test.ts's (no system needed).
 */
describe.skipIf(missingTools(['pdfinfo']).length > 0 && !process.env.CI)('one page estimate', () => {
  it(`${keeperOfLetters.title}: validation counts the PDF's pages and falls back on the editor's estimate`, async () => {
    const { client, book } = await readyBook(system, { request: keeperOfLetters });
    const validation = await client.post<ExportValidation>(`/api/v1/book/${book._id}/validate-export`, print);
    expect(validation.status).toBe(200);
    const pdf = await client.binary('POST', `/api/v1/book/export/${book._id}`, { json: print });
    expect(pdf.status).toBe(200);
    const printed = pdfInfo(pdf.bytes).pages;
    // Where the print page count is known, it is the PDF's own.
    expect(validation.body.printPageCount).toBe(printed);
    // Counted as the editor counts them (BookEditor's footer): the manuscript's text.
    const stored = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    const estimate = estimatePages(chapterCharacters(JSON.parse(stored.bookContent!) as TiptapDocument));
    // The export's fallback is the same estimate as the editor's.
    expect(validation.body.pageCount).toBe(estimate);
  }, 300_000);
});
