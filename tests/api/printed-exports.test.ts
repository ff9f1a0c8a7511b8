import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, ExportValidation, TiptapNode } from '@bookwright/contracts/http';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

/**
 * Issue 44 over HTTP: a manuscript saved with suggestion and comment marks (the contract accepts them) is
 * exported with every open suggestion rejected and no comment anchor, and the file's answer says how many
 * suggestions it left out.
 */
describe('exports of a manuscript under review', () => {
  it('accepts the marks on save, exports the printed form, and counts what it left out', async () => {
    const { client, book } = await readyBook(system);
    const stored = JSON.parse(book.bookContent!) as { type: 'doc'; content: TiptapNode[] };
    const review: TiptapNode[] = [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Ravens ', marks: [{ type: 'comment', attrs: { commentId: 'c-1' } }] },
          { type: 'text', text: 'Quillfeather ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
          { type: 'text', text: 'circle ' },
          { type: 'text', text: 'Marrowgate', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
          { type: 'text', text: '.' },
        ],
      },
    ];
    const reviewed = { ...stored, content: [...stored.content, ...review] };
    const saved = await client.patch<Book>(`/api/v1/book/content/${book._id}`, {
      bookContent: JSON.stringify(reviewed),
    });
    expect(saved.status).toBe(200);
    // Stored as sent: the marks and their attributes kept.
    const read = await client.get<Book>(`/api/v1/book/${book._id}`);
    expect(JSON.parse(read.body.bookContent!)).toEqual(reviewed);

    await client.patch(`/api/v1/book/metadata/${book._id}`, {
      title: book.title,
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    const validation = await client.post<ExportValidation>(`/api/v1/book/${book._id}/validate-export`, {
      format: 'epub',
    });
    expect(validation.body.openSuggestions).toBe(2);

    const epub = await client.binary('POST', `/api/v1/book/export/${book._id}`, { json: { format: 'epub' } });
    expect(epub.status).toBe(200);
    expect(epub.headers.get('x-open-suggestions')).toBe('2');
    const zip = await JSZip.loadAsync(epub.bytes);
    const texts = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => name.endsWith('.xhtml'))
        .map((name) => zip.file(name)!.async('string')),
    );
    const all = texts.join('\n');
    expect(all).toContain('Marrowgate');
    expect(all).toContain('Ravens');
    for (const left of ['Quillfeather', 'comment-anchor', 'data-comment-id', '<ins', '<del']) {
      expect(all).not.toContain(left);
    }
  }, 180_000);
});
