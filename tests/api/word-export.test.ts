import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, CommentThread, ManuscriptImportResponse, TiptapNode } from '@bookwright/contracts/http';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';
import { addWordPictures, editAsWordEditor } from '../support/word-editor-edits';
import { photo } from '@bookwright/kit/images/testing';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

const wordType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const wordForm = (bytes: Uint8Array, name = 'edited.docx') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: wordType }), name);
  return form;
};
const text = (value: string, marks?: TiptapNode['marks']): TiptapNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

/**
 * Issue 46 over HTTP: the Word export carries the book's review. A manuscript saved with an insertion and a
 * deletion suggested by its owner, and a comment made through the API, comes out as a .docx whose
 * document.xml has w:ins and w:del by the owner's name and whose comments.xml has the comment on its words.
 */
describe('Word export', () => {
  it('exports both layouts with the suggestions tracked and the comments as Word comments', async () => {
    const { client, book } = await readyBook(system);
    const me = (await client.get<{ _id: string; firstName: string; lastName: string }>('/api/v1/user/current-user'))
      .body;
    const when = Date.parse('2026-11-20T10:00:00Z').toString(36);
    const manuscript = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('Chapter 1: The Letter')] },
        {
          type: 'paragraph',
          content: [
            text('The keeper lit the lantern at dusk'),
            text(' and waited', [{ type: 'insertion', attrs: { id: `${me._id}~${when}~abc123` } }]),
            text('. Nobody came '),
            text('that night', [{ type: 'deletion', attrs: { id: `${me._id}~${when}~def456` } }]),
            text('.'),
          ],
        },
        { type: 'heading', attrs: { level: 1 }, content: [text('Chapter 2: The Harbour')] },
        {
          type: 'paragraph',
          content: [text('Boats rocked in the grey water of '), text('Port Anno', [{ type: 'smallCaps' }]), text('.')],
        },
      ],
    };
    const saved = await client.patch<Book>(`/api/v1/book/content/${book._id}`, {
      bookContent: JSON.stringify(manuscript),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const commented = await client.post<CommentThread>(`/api/v1/book/${book._id}/comments`, {
      anchor: { chapter: 2, quote: 'grey water' },
      body: 'Which grey?',
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);

    for (const layout of ['manuscript', 'book'] as const) {
      const file = await client.binary('POST', `/api/v1/book/export/${book._id}`, {
        json: { format: 'docx', layout },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(wordType);
      expect(file.headers.get('content-disposition')).toContain(
        layout === 'manuscript' ? '_Manuscript.docx' : '_Book.docx',
      );
      expect(file.headers.get('x-open-suggestions')).toBe('0');
      const zip = await JSZip.loadAsync(file.bytes);
      const document = await zip.file('word/document.xml')!.async('string');
      const name = `${me.firstName} ${me.lastName}`;
      expect(document).toMatch(new RegExp(`<w:ins [^>]*w:author="${name}" w:date="2026-11-20T10:00:00Z"`));
      expect(document).toMatch(/<w:delText[^>]*>that night<\/w:delText>/);
      expect(document).toMatch(/<w:commentRangeStart w:id="0"\/>.*?grey water.*?<w:commentRangeEnd w:id="0"\/>/s);
      // Small caps (issue 46) are saved and reach Word as its own.
      expect(document).toMatch(/<w:smallCaps\/><\/w:rPr><w:t[^>]*>Port Anno<\/w:t>/);
      const comments = await zip.file('word/comments.xml')!.async('string');
      expect(comments).toContain('Which grey?');
      expect(comments).toContain(`w:author="${name}"`);
    }
  }, 180_000);

  it('refuses a layout on the other formats, and an unknown layout', async () => {
    const { client, book } = await readyBook(system);
    const epub = await client.post<{ msg: string }>(`/api/v1/book/export/${book._id}`, {
      format: 'epub',
      layout: 'book',
    });
    expect(epub.status).toBe(400);
    expect(epub.body.msg).toContain('A layout is chosen only for the Word (docx) export');
    const unknown = await client.post<{ msg: string }>(`/api/v1/book/export/${book._id}`, {
      format: 'docx',
      layout: 'poster',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('Choose a layout: manuscript or book');
  }, 120_000);
});

/**
 * The way back over HTTP: a book exported to Word, edited there (a tracked insertion and a comment by an
 * editor, written into the file here as Word writes them), and imported into the same book.
 */
describe('Word import into its book', () => {
  it('keeps "Before import", replaces the text under If-Match, and brings back suggestions and comments', async () => {
    const { client, book } = await readyBook(system);
    const exported = await client.binary('POST', `/api/v1/book/export/${book._id}`, {
      json: { format: 'docx', layout: 'manuscript' },
    });
    expect(exported.status).toBe(200);
    // The editor's work in Word: a comment with a reply, and a tracked insertion.
    const { edited, quoted } = await editAsWordEditor(exported.bytes);

    const current = await client.get<Book>(`/api/v1/book/${book._id}`);
    const imported = await client.request<ManuscriptImportResponse>('POST', `/api/v1/book/${book._id}/import`, {
      multipart: wordForm(edited),
      headers: { 'if-match': current.headers.get('etag') ?? '' },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'comments', count: 2 },
        { kind: 'tracked-changes', count: 1 },
      ]),
    );
    const stored = JSON.stringify(JSON.parse(imported.body.book.bookContent!));
    expect(stored).toContain('Quietly inserted.');
    expect(stored).toMatch(/"insertion","attrs":\{"id":"outside:Jane%20Editor~/);
    // Every chapter of the book is still there, with its title.
    const titles = (content: string) =>
      (JSON.parse(content) as { content: TiptapNode[] }).content
        .filter((node) => node.type === 'heading' && node.attrs?.level === 1)
        .map((node) => (node.content ?? []).map((t) => t.text).join(''));
    expect(titles(imported.body.book.bookContent!)).toEqual(titles(book.bookContent!));

    const threads = await client.get<CommentThread[]>(`/api/v1/book/${book._id}/comments`);
    expect(threads.body.map((thread) => thread.body)).toEqual(['Jane Editor (in Word, 2026-11-24): Too quiet here.']);
    expect(threads.body[0]?.replies.map((reply) => reply.body)).toEqual([
      'Jane Editor (in Word, 2026-11-24): And the gulls?',
    ]);
    expect(threads.body[0]?.anchor.quote).toBe(quoted);
    // The same version again is stale now: refused, and no second "Before import" is kept.
    const stale = await client.request<{ msg: string; etag: string }>('POST', `/api/v1/book/${book._id}/import`, {
      multipart: wordForm(edited),
      headers: { 'if-match': current.headers.get('etag') ?? '' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.etag).toBe(imported.body.book.etag);
    const revisions = await client.get<{ name: string | null }[]>(`/api/v1/book/${book._id}/revisions`);
    expect(revisions.body.filter((revision) => revision.name === 'Before import')).toHaveLength(1);

    // Anything but a Word file is refused with the contract's text.
    const markdown = await client.request<{ msg: string }>('POST', `/api/v1/book/${book._id}/import`, {
      multipart: wordForm(new TextEncoder().encode('# Chapter 1\n\nText'), 'book.md'),
    });
    expect(markdown.status).toBe(415);
    expect(markdown.body.msg).toBe('A book can take back only a Word (.docx) file.');
  }, 240_000);

  it('stores the pictures the editor added in Word under the book, and names the one it refuses', async () => {
    const { client, book } = await readyBook(system);
    const exported = await client.binary('POST', `/api/v1/book/export/${book._id}`, {
      json: { format: 'docx', layout: 'manuscript' },
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const edited = await addWordPictures(exported.bytes, [
      { data: await photo(160, 120, 'png'), extension: 'png', description: 'The harbour at dawn' },
      { data: gif, extension: 'gif', description: 'A spinning gull' },
    ]);
    const imported = await client.request<ManuscriptImportResponse>('POST', `/api/v1/book/${book._id}/import`, {
      multipart: wordForm(edited),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const images: TiptapNode[] = [];
    const visit = (node: TiptapNode) => (node.type === 'image' ? images.push(node) : node.content?.forEach(visit));
    visit(JSON.parse(imported.body.book.bookContent!) as TiptapNode);
    expect(images.map((node) => node.attrs?.alt)).toEqual(['The harbour at dawn']);
    const src = String(images[0]!.attrs?.src);
    expect(src).toMatch(new RegExp(`^/api/v1/book/${book._id}/images/[a-f0-9]{32}$`));
    const served = await client.binary('GET', src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(imported.body.report.kept).toContainEqual({ kind: 'images', count: 1 });
    const title = (JSON.parse(book.bookContent!) as { content: TiptapNode[] }).content
      .find((node) => node.type === 'heading' && node.attrs?.level === 1)!
      .content!.map((t) => t.text)
      .join('');
    expect(imported.body.report.dropped).toEqual([
      {
        kind: 'images',
        count: 1,
        reasons: [`“A spinning gull” in “${title}”: an image in a format other than PNG, JPEG or WebP, or damaged`],
      },
    ]);
  }, 240_000);
});
