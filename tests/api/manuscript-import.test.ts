import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chaptersOf,
  manuscriptImportMaxBytes,
  manuscriptImportMessages,
  type Book,
  type ManuscriptImportResponse,
  type User,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/**
 * POST /book/import (issue 46) through the gateway, the export service's conversion and the book service:
 * a new book, ready, with the report; no book of the month used; 402 without a plan; the 413 and 4xx of bad
 * files; nothing created when it is refused. Runs on PGlite and the in-process bus, and on PostgreSQL and
 * NATS when DATABASE_URL and NATS_URL are set.
 */
let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const fixture = (name: string) =>
  readFile(new URL(`../../services/export/src/import/fixtures/${name}`, import.meta.url));

async function author(plan: 'professional' | null = 'professional'): Promise<HttpClient> {
  const client = system.client();
  await client.post('/api/v1/auth/sign-up', newAccount());
  if (plan) await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
  return client;
}

function form(bytes: Buffer, fileName: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return data;
}

const importFile = (client: HttpClient, data: FormData) =>
  client.request<ManuscriptImportResponse & { msg?: string }>('POST', '/api/v1/book/import', { multipart: data });

const library = async (client: HttpClient) => (await client.get<Book[]>('/api/v1/book')).body;
const booksLeft = async (client: HttpClient) =>
  (await client.get<User>('/api/v1/user/current-user')).body.booksLeftThisMonth;

describe('POST /book/import', () => {
  it('makes a ready book of a Word file, with the report, without using a book of the month', async () => {
    const client = await author();
    const before = await booksLeft(client);
    const answer = await importFile(client, form(await fixture('pandoc-book.docx'), 'pandoc-book.docx'));
    expect(answer.status).toBe(201);
    const { book, report } = answer.body;
    expect(book.status).toBe('ready');
    expect(answer.headers.get('etag')).toBe(book.etag);
    expect(book.title).toBe('The Lighthouse Keeper’s Daughter');
    expect(book.author).toBe('Ada Author');
    expect(book.rights).toBe('Copyright © 2026 Ada Author. All rights reserved.');
    expect(report.source).toEqual({ fileName: 'pandoc-book.docx', kind: 'docx', bytes: expect.any(Number) });
    expect(report.chapters).toHaveLength(13);
    expect(report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'notes', count: 2 },
        { kind: 'scene-breaks', count: 1 },
      ]),
    );

    const opened = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    expect(opened.status).toBe('ready');
    const document = JSON.parse(opened.bookContent!);
    expect(chaptersOf(document)).toHaveLength(13);
    expect((await library(client)).map((b) => b._id)).toContain(book._id);
    expect(await booksLeft(client)).toBe(before);
    const revisions = (await client.get<{ name: string | null }[]>(`/api/v1/book/${book._id}/revisions`)).body;
    expect(revisions.map((revision) => revision.name)).toContain('As imported');
  });

  it('takes the title, language and genre the author gives, and reads an EPUB', async () => {
    const client = await author();
    const answer = await importFile(
      client,
      form(await fixture('bookwright-book.epub'), 'compass.epub', {
        title: 'My Compass',
        language: 'german',
        genre: 'fantasy',
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.book).toMatchObject({
      title: 'My Compass',
      language: 'german',
      genre: 'fantasy',
      status: 'ready',
    });
    expect(answer.body.report.chapters.map((chapter) => chapter.title)).toEqual([
      'Prologue',
      'Chapter 1: North',
      'Chapter 2: The Ice',
      'Chapter 3: South',
      'Epilogue',
    ]);
  });

  it('needs a plan, like every book (402), and creates nothing', async () => {
    const client = await author(null);
    const answer = await importFile(client, form(await fixture('pandoc-book.md'), 'pandoc-book.md'));
    expect(answer.status).toBe(402);
    expect(answer.body.msg).toEqual(expect.any(String));
    // Asked before the file is converted: a broken file is the same 402, not the conversion's 400.
    const broken = await importFile(client, form((await fixture('pandoc-book.docx')).subarray(0, 3_000), 'novel.docx'));
    expect(broken.status).toBe(402);
    expect(await library(client)).toEqual([]);
  });

  it('refuses bad files with a 4xx {msg} and creates nothing', async () => {
    const client = await author();
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const docx = await fixture('pandoc-book.docx');
    const cases: [FormData, number, string][] = [
      [form(pdf, 'novel.docx'), 415, manuscriptImportMessages.unsupported],
      [form(docx.subarray(0, 3_000), 'novel.docx'), 400, manuscriptImportMessages.corrupt],
      [form(Buffer.from('\n \n'), 'empty.txt'), 400, manuscriptImportMessages.noText],
      [form(Buffer.from('text'), 'novel.txt', { language: 'klingon' }), 400, 'Unknown language "klingon"'],
    ];
    for (const [data, status, msg] of cases) {
      const answer = await importFile(client, data);
      expect({ status: answer.status, msg: answer.body.msg }).toEqual({ status, msg });
    }
    const noFile = new FormData();
    noFile.append('title', 'Nothing');
    expect(await importFile(client, noFile)).toMatchObject({
      status: 400,
      body: { msg: manuscriptImportMessages.missingFile },
    });
    expect(await library(client)).toEqual([]);
  });

  it('refuses a file over 50 MB with 413, at the multipart layer', async () => {
    const client = await author();
    const answer = await importFile(client, form(Buffer.alloc(manuscriptImportMaxBytes + 1, 0x61), 'huge.txt'));
    expect({ status: answer.status, msg: answer.body.msg }).toEqual({
      status: 413,
      msg: manuscriptImportMessages.tooLarge,
    });
    const sixty = await importFile(client, form(Buffer.alloc(60 * 1024 * 1024, 0x61), 'sixty.txt'));
    expect({ status: sixty.status, msg: sixty.body.msg }).toEqual({
      status: 413,
      msg: manuscriptImportMessages.tooLarge,
    });
    expect(await library(client)).toEqual([]);
  });

  it('is refused without a session', async () => {
    const answer = await importFile(system.client(), form(Buffer.from('Chapter 1\n\nText.'), 'a.txt'));
    expect(answer.status).toBe(401);
  });
});
