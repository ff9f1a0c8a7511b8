import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportMessages, type Book, type ExportValidation } from '@bookwright/contracts/http';
import { makeBook } from '../../test/books';
import { resetAfterEach } from '../../test/utils';
import { ExportDialog } from './ExportDialog';
import { exportFailureMessage } from './exportErrors';
import { file, json, renderWithStore, stubFetch, stubFiles, type RecordedCall } from './testing';

resetAfterEach();

let files: ReturnType<typeof stubFiles>;
beforeEach(() => {
  files = stubFiles();
});
afterEach(() => files.restore());

const complete = {
  status: 'ready' as const,
  author: 'Ada Lovelace',
  identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
  languageMetadata: 'en' as const,
};

const valid = (overrides: Partial<ExportValidation> = {}): ExportValidation => ({
  isValid: true,
  warnings: [],
  suggestions: [],
  pageCount: 96,
  printPageCount: 104,
  spineWidthIn: 0.2342,
  missingMetadata: [],
  missingGlyphs: [],
  openSuggestions: 0,
  ...overrides,
});

/** The dialog behind an 'Open export' button, as the editor header has it. */
function Harness({ book }: { book: Book }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open export
      </button>
      <ExportDialog book={book} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openDialog(book: Book, routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'POST /book/b1/validate-export': () => json(200, valid()),
    'POST /book/export/b1': () => file('PK-the-file'),
    ...routes,
  });
  const view = renderWithStore(<Harness book={book} />);
  return { calls, user: userEvent.setup(), ...view };
}

const dialog = () => screen.getByRole('dialog');
const exportCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/book/export/b1');
const validateCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/book/b1/validate-export');

describe('the export dialog: formats', () => {
  it('lists EPUB, PDF for Amazon KDP (POD Ready, New) and the disabled Other Platforms', () => {
    openDialog(makeBook(complete));
    expect(screen.getByRole('heading', { name: 'Export Your Book' })).toBeTruthy();
    const epub = screen.getByRole('button', { name: 'EPUB' });
    // The tags and the hint are the option's description; its name is the visible title.
    const pdf = screen.getByRole('button', { name: 'PDF - Amazon KDP' });
    expect(
      pdf
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['POD Ready New', 'Print-ready interior and cover PDFs for a paperback or hardcover']);
    const other = screen.getByRole('button', { name: 'Other Platforms' }) as HTMLButtonElement;
    expect(other.disabled).toBe(true);
    expect(document.getElementById(other.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Coming soon',
    );
    expect((epub as HTMLButtonElement).disabled).toBe(false);
  });

  it('exports a complete book as EPUB at once, under the spec file name', async () => {
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const { calls, user } = openDialog(makeBook({ ...complete, title: 'Glass & Water: "Sklo"' }));
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(exportCalls(calls).map((c) => c.body)).toEqual([{ format: 'epub' }]);
    expect(exportCalls(calls)[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    // No Content-Disposition here: the dialog names the file itself, only the unsafe : and " gone.
    expect(files.downloads).toEqual([{ name: 'Glass & Water Sklo.epub', href: 'blob:test/1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves the file under the server’s UTF-8 name (filename*), not its ASCII fallback', async () => {
    const { user } = openDialog(makeBook({ ...complete, title: 'Die Briefe der Leuchtturmwärterin' }), {
      'POST /book/export/b1': () =>
        file('PK-the-file', {
          'Content-Disposition':
            'attachment; filename="Die Briefe der Leuchtturmwarterin.epub"; ' +
            "filename*=UTF-8''Die%20Briefe%20der%20Leuchtturmw%C3%A4rterin.epub",
        }),
    });
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(files.downloads).toEqual([{ name: 'Die Briefe der Leuchtturmwärterin.epub', href: 'blob:test/1' }]);
  });
});

describe('the export dialog: Word', () => {
  it('exports a .docx in the Manuscript layout by default, under the layout’s file name', async () => {
    const { calls, user } = openDialog(makeBook({ ...complete, title: 'The Keeper' }));
    await user.click(screen.getByRole('button', { name: 'Word' }));
    expect(await screen.findByRole('heading', { name: 'Word Export Options' })).toBeTruthy();
    const layouts = screen.getByRole('group', { name: 'Layout' });
    expect((within(layouts).getByRole('radio', { name: /Manuscript/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(layouts).getByText(/For agents and editors/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export Word' }));
    expect(await screen.findByText('Book exported successfully as DOCX!')).toBeTruthy();
    expect(exportCalls(calls).map((c) => c.body)).toEqual([{ format: 'docx', layout: 'manuscript' }]);
    expect(files.downloads).toEqual([{ name: 'The Keeper_Manuscript.docx', href: 'blob:test/1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the Book layout when chosen, and Back returns to the formats', async () => {
    const { calls, user } = openDialog(makeBook(complete));
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Export Your Book' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await user.click(screen.getByRole('radio', { name: /Book/ }));
    await user.click(screen.getByRole('button', { name: 'Export Word' }));
    await screen.findByText('Book exported successfully as DOCX!');
    expect(exportCalls(calls).map((c) => c.body)).toEqual([{ format: 'docx', layout: 'book' }]);
    // A Word file needs no print or EPUB check first.
    expect(validateCalls(calls)).toHaveLength(0);
  });

  it('says a failure as the spec’s export toasts do, and keeps the options open', async () => {
    const { user } = openDialog(makeBook(complete), {
      'POST /book/export/b1': () => json(500, { msg: 'We encountered an unexpected error' }),
    });
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await user.click(screen.getByRole('button', { name: 'Export Word' }));
    expect(await screen.findByText('Failed to export as DOCX. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Word Export Options' })).toBeTruthy();
  });
});

describe('the export dialog: missing required metadata', () => {
  it('asks for the four fields, keeps Export EPUB disabled until all are filled, saves them, then exports', async () => {
    const book = makeBook({ status: 'ready', publisher: 'Harbour Press', keywords: ['sea', 'letters'] });
    let saved: Book = book;
    const { calls, user } = openDialog(book, {
      'PATCH /book/metadata/b1': (call) => {
        saved = { ...book, ...(call.body as Partial<Book>) };
        return json(200, saved);
      },
    });
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByRole('heading', { name: 'Missing Required Metadata' })).toBeTruthy();
    // Known from the book: no need to ask the server first.
    expect(validateCalls(calls)).toHaveLength(0);

    const submit = screen.getByRole('button', { name: 'Export EPUB' }) as HTMLButtonElement;
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('The Keeper of Letters');
    expect(submit.disabled).toBe(true);
    // The focus moved to the first missing field.
    expect(document.activeElement).toBe(screen.getByLabelText('Author'));

    await user.type(screen.getByLabelText('Author'), 'Ada Lovelace');
    expect(submit.disabled).toBe(true);
    // A book without a metadata language declares the one it is written in.
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Generate a UUID' }));
    expect((screen.getByLabelText('Identifier (UUID/ISBN)') as HTMLInputElement).value).toMatch(/^urn:uuid:/);
    await user.selectOptions(screen.getByLabelText('Language'), 'it');
    expect(submit.disabled).toBe(false);
    await user.clear(title);
    expect(submit.disabled).toBe(true);
    await user.type(title, 'Letters from the Sea');
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(screen.getByText('Metadata updated successfully!')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(patch).toMatchObject({
      title: 'Letters from the Sea',
      author: 'Ada Lovelace',
      languageMetadata: 'it',
      publisher: 'Harbour Press',
      keywords: ['sea', 'letters'],
      genreMetadata: 'mystery',
    });
    expect(String(patch.identifier)).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    // Saved before the export, which uses the new title for the file name.
    expect(calls.findIndex((c) => c.method === 'PATCH')).toBeLessThan(
      calls.findIndex((c) => c.url === '/book/export/b1'),
    );
    expect(files.downloads.map((d) => d.name)).toEqual(['Letters from the Sea.epub']);
  });

  it('asks when the server says a field is missing, and Back returns to the formats', async () => {
    const { calls, user } = openDialog(makeBook(complete), {
      'POST /book/b1/validate-export': () => json(200, valid({ isValid: false, missingMetadata: ['identifier'] })),
    });
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByRole('heading', { name: 'Missing Required Metadata' })).toBeTruthy();
    expect(validateCalls(calls).map((c) => c.body)).toEqual([{ format: 'epub' }]);
    expect(exportCalls(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Export Your Book' })).toBeTruthy();
  });

  it('says so when the metadata cannot be saved, and does not export', async () => {
    const { calls, user } = openDialog(makeBook({ ...complete, author: null }), {
      'PATCH /book/metadata/b1': () => json(500, { msg: 'Boom' }),
    });
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    await user.type(await screen.findByLabelText('Author'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Export EPUB' }));
    expect(await screen.findByText('Error saving metadata. Please try again.')).toBeTruthy();
    expect(exportCalls(calls)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Missing Required Metadata' })).toBeTruthy();
  });
});

describe('the export dialog: print PDF for Amazon KDP', () => {
  it('offers the options with the spec defaults and validates them', async () => {
    const { calls, user } = openDialog(makeBook({ ...complete, coverImage: '/api/v1/book/b1/cover-image/c1/web' }));
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    expect(screen.getByRole('heading', { name: 'PDF Export Options' })).toBeTruthy();
    for (const text of ['Minimum 24 pages (estimated)', 'Fonts embedded', 'PDF/A output'])
      expect(screen.getByText(text)).toBeTruthy();
    const trim = screen.getByRole('group', { name: 'Trim Size' });
    expect(within(trim).getAllByRole('radio')).toHaveLength(5);
    expect((within(trim).getByRole('radio', { name: /6 × 9 in/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'White' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('switch', { name: 'Bleed' }).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('radio', { name: 'Paperback' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Interior Only/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Cover Only/ }) as HTMLInputElement).disabled).toBe(false);
    await screen.findByText('104 pages in print');
    expect(screen.getByText('spine 0.234 in')).toBeTruthy();
    expect(validateCalls(calls).at(-1)!.body).toEqual({
      format: 'pdf',
      platform: 'kdp',
      trimSize: '6x9',
      paperColor: 'white',
      bleed: false,
      isPaperback: true,
      exportType: 'interior',
    });

    // Every change is checked again.
    await user.click(screen.getByRole('radio', { name: /5 × 8 in/ }));
    await user.click(screen.getByRole('radio', { name: 'Cream' }));
    await user.click(screen.getByRole('switch', { name: 'Bleed' }));
    await user.click(screen.getByRole('radio', { name: /Hardcover/ }));
    await waitFor(() =>
      expect(validateCalls(calls).at(-1)!.body).toMatchObject({
        trimSize: '5x8',
        paperColor: 'cream',
        bleed: true,
        isPaperback: false,
      }),
    );
  });

  it('offers a hardcover the interior only, saying why before the cover options are picked', async () => {
    const { user, calls } = openDialog(makeBook({ ...complete, coverImage: '/api/v1/book/b1/cover-image/c1/web' }));
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await user.click(screen.getByRole('radio', { name: /Both as ZIP/ }));
    // The binding says it before it is chosen.
    expect(screen.getByRole('radio', { name: /Hardcover/ }).closest('label')?.textContent).toContain(
      'Interior PDF only for now',
    );
    await user.click(screen.getByRole('radio', { name: /Hardcover/ }));
    const cover = screen.getByRole('radio', { name: /Cover Only/ }) as HTMLInputElement;
    const both = screen.getByRole('radio', { name: /Both as ZIP/ }) as HTMLInputElement;
    expect(cover.disabled).toBe(true);
    expect(both.disabled).toBe(true);
    expect(screen.getAllByText(exportMessages.hardcoverCoverUnavailable)).toHaveLength(2);
    // The choice that would be refused falls back to the interior.
    expect((screen.getByRole('radio', { name: /Interior Only/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(validateCalls(calls).at(-1)!.body).toMatchObject({ isPaperback: false, exportType: 'interior' }),
    );
    await user.click(screen.getByRole('radio', { name: 'Paperback' }));
    expect((screen.getByRole('radio', { name: /Cover Only/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('stays silent in the console when a validation is cancelled by a newer one', async () => {
    const errors = vi.spyOn(console, 'error');
    let first = true;
    const { user, calls } = openDialog(makeBook(complete), {
      'POST /book/b1/validate-export': (call) => {
        if (!first) return json(200, valid());
        first = false;
        // The first check hangs until the browser cancels it, as fetch does.
        return new Promise<Response>((_, reject) =>
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      },
    });
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await waitFor(() => expect(validateCalls(calls)).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Cream' }));
    await screen.findByText('104 pages in print');
    expect(validateCalls(calls)[0]?.signal?.aborted).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('disables the cover export types without a cover, with the note', async () => {
    const { user } = openDialog(makeBook({ ...complete, coverImage: null }));
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    const cover = screen.getByRole('radio', { name: /Cover Only/ }) as HTMLInputElement;
    const both = screen.getByRole('radio', { name: /Both as ZIP/ }) as HTMLInputElement;
    expect(cover.disabled).toBe(true);
    expect(both.disabled).toBe(true);
    expect(screen.getAllByText('Cover image required')).toHaveLength(2);
    expect((screen.getByRole('radio', { name: /Interior Only/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the warnings and suggestions, and keeps the options open when the requirements are not met', async () => {
    const invalid = valid({
      isValid: false,
      warnings: ['A KDP paperback needs at least 24 pages; this book fills about 3.'],
      suggestions: ['Add a description for the store page.'],
      printPageCount: null,
      pageCount: 24,
      spineWidthIn: 0.0541,
    });
    const { calls, user } = openDialog(makeBook(complete), {
      'POST /book/b1/validate-export': () => json(200, invalid),
    });
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    const panel = await screen.findByTestId('export-warnings');
    expect(within(panel).getByText('A KDP paperback needs at least 24 pages; this book fills about 3.')).toBeTruthy();
    expect(within(panel).getByText('Add a description for the store page.')).toBeTruthy();
    expect(screen.getByText('About 24 pages (estimated)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Generate PDF' }));
    expect(await screen.findByText('Some requirements are not met. Check the warnings.')).toBeTruthy();
    // The warnings get the focus (they are at the top of a long step).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('export-warnings')));
    expect(exportCalls(calls)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'PDF Export Options' })).toBeTruthy();
  });

  it('does not tick "Fonts embedded" when characters of the book have no glyph, and says which', async () => {
    const warning = 'No embedded font has this character, so it would print as empty boxes: 𓀀 (U+13000).';
    const { user } = openDialog(makeBook(complete), {
      'POST /book/b1/validate-export': () => json(200, valid({ warnings: [warning], missingGlyphs: ['𓀀'] })),
    });
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    expect(await screen.findByText('Fonts embedded, but 1 character has no glyph (see above)')).toBeTruthy();
    expect(screen.queryByText('Fonts embedded')).toBeNull();
    expect(screen.getByText(warning)).toBeTruthy();
  });

  it.each([
    ['Interior Only', 'interior', 'Book exported successfully as PDF!', 'The Keeper of Letters_KDP_Interior.pdf'],
    ['Cover Only', 'cover', 'Cover PDF exported successfully!', 'The Keeper of Letters_KDP_Cover.pdf'],
    [
      'Both as ZIP',
      'both',
      'Both interior and cover PDFs exported successfully!',
      'The Keeper of Letters_KDP_Complete.zip',
    ],
  ])('generates %s with the options, the spec toast and file name', async (label, exportType, toast, name) => {
    let release!: () => void;
    const { calls, user } = openDialog(makeBook({ ...complete, coverImage: '/api/v1/book/b1/cover-image/c1/web' }), {
      'POST /book/export/b1': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(file('%PDF-1.7'));
        }),
    });
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await user.click(screen.getByRole('radio', { name: new RegExp(label) }));
    await user.click(screen.getByRole('button', { name: 'Generate PDF' }));
    expect(await screen.findByRole('button', { name: 'Generating PDF...' })).toBeTruthy();
    await waitFor(() => expect(exportCalls(calls)).toHaveLength(1));
    act(() => release());
    expect(await screen.findByText(toast)).toBeTruthy();
    expect(exportCalls(calls)[0]!.body).toEqual({
      format: 'pdf',
      platform: 'kdp',
      exportType,
      trimSize: '6x9',
      paperColor: 'white',
      isPaperback: true,
      bleed: false,
      pageCount: 104,
      spineWidth: 0.2342,
    });
    expect(files.downloads.map((d) => d.name)).toEqual([name]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resets everything when closed', async () => {
    const { user } = openDialog(makeBook({ ...complete, coverImage: '/api/v1/book/b1/cover-image/c1/web' }));
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await user.click(screen.getByRole('radio', { name: /8.5 × 11 in/ }));
    await user.click(screen.getByRole('radio', { name: /Both as ZIP/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open export' }));
    expect(screen.getByRole('heading', { name: 'Export Your Book' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    expect((screen.getByRole('radio', { name: /6 × 9 in/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Interior Only/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the export dialog: failures', () => {
  it.each([
    [
      '400 with issues',
      () => json(400, { msg: 'Missing required metadata', issues: ['Author is required', 'Language is required'] }),
      'Export failed: Author is required, Language is required',
    ],
    [
      '400 with a msg',
      () => json(400, { msg: 'The book has no text to export yet.' }),
      'The book has no text to export yet.',
    ],
    ['400 with neither', () => json(400, {}), 'Export failed. Please check the requirements and try again.'],
    [
      '400 with an unreadable body',
      () => new Response('<html>Bad Request</html>', { status: 400 }),
      'Export failed. Please try again.',
    ],
    [
      '500',
      () => json(500, { msg: 'We encountered an unexpected error' }),
      'Failed to export as EPUB. Please try again.',
    ],
    [
      '409',
      () => json(409, { msg: 'The book is not ready to export yet' }),
      'Failed to export as EPUB. Please try again.',
    ],
  ])('%s gives the spec toast', async (_case, answer, message) => {
    const { user } = openDialog(makeBook(complete), { 'POST /book/export/b1': answer });
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(files.downloads).toEqual([]);
    // The dialog stays, ready to try again.
    expect(
      (screen.getByRole('button', { name: 'EPUB' }) as HTMLButtonElement).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('names the format of a failed PDF, and a network failure is a failure like a 500', async () => {
    const { user } = openDialog(makeBook(complete), {
      'POST /book/export/b1': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await user.click(screen.getByRole('button', { name: 'Generate PDF' }));
    expect(await screen.findByText('Failed to export as PDF. Please try again.')).toBeTruthy();
    expect(exportFailureMessage({ status: 0 }, 'pdf')).toBe('Failed to export as PDF. Please try again.');
  });
});

describe('the export dialog: open suggestions (issue 44)', () => {
  /** A saved manuscript with an insertion (id 1, in two pieces) and a deletion (id 2) open, and a comment. */
  const underReview = JSON.stringify({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'The keeper ', marks: [{ type: 'comment', attrs: { commentId: 'c-1' } }] },
          { type: 'text', text: 'slowly ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
          { type: 'text', text: 'climbs', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
          { type: 'text', text: ' up', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
        ],
      },
    ],
  });
  const notice = () => screen.queryByTestId('export-open-suggestions')?.textContent;

  it('says before exporting how many open suggestions the file will leave out, and says it again after', async () => {
    const { user } = openDialog(makeBook({ ...complete, bookContent: underReview }), {
      'POST /book/export/b1': () => file('PK-the-file', { 'x-open-suggestions': '2' }),
    });
    expect(notice()).toBe('2 open suggestions are not in this export');
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(await screen.findByText('2 open suggestions are not in this export')).toBeTruthy();
  });

  it('says "1 open suggestion" for one, the server’s count on the print options, and nothing for a cover alone', async () => {
    const { user } = openDialog(
      makeBook({ ...complete, bookContent: underReview, coverImage: '/api/v1/book/b1/cover-image/c1/web' }),
      {
        'POST /book/b1/validate-export': () => json(200, valid({ openSuggestions: 1 })),
        'POST /book/export/b1': () => file('PK-the-file', { 'x-open-suggestions': '1' }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'PDF - Amazon KDP' }));
    await waitFor(() => expect(notice()).toBe('1 open suggestion is not in this export'));
    await user.click(screen.getByRole('radio', { name: /Cover Only/ }));
    await waitFor(() => expect(notice()).toBeUndefined());
  });

  it('says nothing when no suggestion is open', async () => {
    const { user } = openDialog(makeBook(complete));
    expect(notice()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'EPUB' }));
    expect(await screen.findByText('Book exported successfully as EPUB!')).toBeTruthy();
    expect(screen.queryByText(/open suggestions? (is|are) not in this export/)).toBeNull();
  });
});
