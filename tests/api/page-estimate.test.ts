import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultTrimSize,
  documentText,
  estimatePages,
  type Book,
  type ExportValidation,
  type PlanRequest,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { missingTools, pdfInfo } from '../../services/export/src/pdf/testing/poppler';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { keeperOfLetters, readyBook } from '../support/books';

let system: TestSystem;
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

/** Offline books in a few languages: the estimate is calibrated against what they really print to. */
const books: PlanRequest[] = [
  keeperOfLetters,
  {
    prompt: 'Eine Leuchtturmwärterin auf einer Ostseeinsel findet Briefe eines verschollenen Seemanns.',
    title: 'Die Briefe der Leuchtturmwärterin',
    language: 'german',
    targetAudience: 'Erwachsene Leser',
    genre: 'mystery',
    size: 'short',
  },
  {
    prompt: 'A practical guide to baking sourdough bread at home, from starter to crust.',
    title: 'Sourdough at Home',
    language: 'english',
    targetAudience: 'Home bakers',
    genre: 'cooking',
    size: 'short',
  },
];

describe.skipIf(missingTools(['pdfinfo']).length > 0 && !process.env.CI)('one page estimate', () => {
  for (const request of books) {
    it(`${request.title}: the estimate is within 5% of the printed PDF at the default trim`, async () => {
      const { client, book } = await readyBook(system, { request });
      const validation = await client.post<ExportValidation>(`/api/v1/book/${book._id}/validate-export`, print);
      expect(validation.status).toBe(200);
      const pdf = await client.binary('POST', `/api/v1/book/export/${book._id}`, { json: print });
      expect(pdf.status).toBe(200);
      const printed = pdfInfo(pdf.bytes).pages;
      // Where the print page count is known, it is the PDF's own.
      expect(validation.body.printPageCount).toBe(printed);
      // Counted as the editor counts them (BookEditor's footer): the manuscript's text.
      const stored = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
      const characters = documentText(JSON.parse(stored.bookContent!) as TiptapNode).length;
      const estimate = estimatePages(characters);
      // The export's fallback is the same estimate as the editor's.
      expect(validation.body.pageCount).toBe(estimate);
      expect(
        Math.abs(estimate - printed) / printed,
        `${characters} characters: ${estimate} estimated, ${printed} printed`,
      ).toBeLessThanOrEqual(0.05);
    }, 300_000);
  }
});
