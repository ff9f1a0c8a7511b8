import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { manuscriptImportMessages } from '@bookwright/contracts/http';
import { resetAfterEach } from '../../test/utils';
import { renderWithStore } from '../export/testing';
import { ReimportDialog } from './ReimportDialog';
import { importedBook, sampleReport, stubUploads } from './testing';

resetAfterEach();

const book = importedBook({ _id: 'b1' });
const edited = () =>
  new File(['PK'], 'edited.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

function open(options: { saved?: boolean } = {}) {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
  const uploads = stubUploads();
  const props = {
    etag: vi.fn(() => '"m-7"'),
    saveChanges: vi.fn(async () => options.saved ?? true),
    onImported: vi.fn(),
    onChangedElsewhere: vi.fn(async () => {}),
    onClose: vi.fn(),
  };
  renderWithStore(<ReimportDialog book={book} open {...props} />);
  return { ...uploads, props, user: userEvent.setup() };
}

const drop = (file: File) =>
  fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [file] } });

describe('importing a corrected Word file into the book', () => {
  it('says what happens, saves the editor’s changes, then sends the file on the version it holds', async () => {
    const { next, props } = open();
    const dialog = screen.getByRole('dialog', { name: 'Import a corrected Word file' });
    expect(within(dialog).getByText(/kept first as a version named “Before import”/)).toBeTruthy();
    expect(within(dialog).getByText(/Tracked changes come back as suggestions/)).toBeTruthy();
    drop(edited());
    const upload = await next();
    expect(props.saveChanges).toHaveBeenCalledOnce();
    expect(upload.url).toBe('/book/b1/import');
    expect(upload.headers['If-Match']).toBe('"m-7"');
    expect(upload.headers['X-XSRF-TOKEN']).toBe('token-1');

    const report = sampleReport({ kept: [{ kind: 'tracked-changes', count: 4 }], dropped: [] });
    upload.answer(200, { book: { ...book, title: 'Edited' }, report }, { ETag: '"m-8"' });
    expect(await screen.findByRole('heading', { name: 'The corrected file is in the book' })).toBeTruthy();
    expect(screen.getByText('4 tracked changes, as suggestions')).toBeTruthy();
    expect(props.onImported).toHaveBeenCalledWith(expect.objectContaining({ title: 'Edited', etag: '"m-8"' }));
    expect(screen.getAllByText('The corrected file is in the book').length).toBeGreaterThan(1); // the toast too
  });

  it('on 412 replaces nothing, says the book changed elsewhere and has the editor take that version', async () => {
    const { next, props } = open();
    drop(edited());
    (await next()).answer(412, { msg: 'Precondition failed' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/changed in another tab or device/);
    expect(props.onChangedElsewhere).toHaveBeenCalledOnce();
    expect(props.onImported).not.toHaveBeenCalled();
  });

  it('sends nothing when the changes could not be saved first', async () => {
    const { uploads } = open({ saved: false });
    drop(edited());
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be saved, so nothing was imported/);
    expect(uploads).toHaveLength(0);
  });

  it('takes back only a Word file, and shows the server’s refusal', async () => {
    const { next, uploads } = open();
    drop(new File(['# a'], 'edited.md'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(manuscriptImportMessages.reimportDocxOnly));
    expect(uploads).toHaveLength(0);
    drop(edited());
    (await next()).answer(400, { msg: manuscriptImportMessages.corrupt });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(manuscriptImportMessages.corrupt));
  });
});
