import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { manuscriptImportMessages } from '@bookwright/contracts/http';
import { makeStore } from '../../app/store';
import { Toaster } from '../../components/Toaster';
import { resetAfterEach } from '../../test/utils';
import { ImportManuscriptButton } from './ImportManuscriptButton';
import { importedBook, sampleReport, stubUploads } from './testing';

resetAfterEach();

function EditorStandIn() {
  const { id } = useParams();
  return <h1>Editor of {id}</h1>;
}

function renderLibrary(workspaceId?: string) {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
  const uploads = stubUploads();
  const router = createMemoryRouter(
    [
      { path: '/app', element: <ImportManuscriptButton workspaceId={workspaceId} /> },
      { path: '/app/edit/:id', element: <EditorStandIn /> },
    ],
    { initialEntries: ['/app'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...uploads, router, user: userEvent.setup() };
}

const docx = (size?: number) => {
  const file = new File(['PK'], 'the-keeper.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const dialog = () => screen.getByRole('dialog');

describe('importing a manuscript from the library', () => {
  it('starts on the drop alone, shows the progress, then the report, and opens the book in the editor', async () => {
    const { next, user, router } = renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Import a manuscript' }));
    expect(within(dialog()).getByRole('heading', { name: 'Import a manuscript' })).toBeTruthy();
    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });

    const upload = await next();
    expect(upload.url).toBe('/book/import');
    expect(upload.headers['X-XSRF-TOKEN']).toBe('token-1');
    expect((upload.body.get('file') as File).name).toBe('the-keeper.docx');
    // Nothing asked for, nothing sent: the server reads them from the manuscript.
    expect([...upload.body.keys()]).toEqual(['file']);

    upload.progress(3_000_000, 12_000_000);
    const bar = await within(dialog()).findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('Uploading… 25%');
    upload.progress(12_000_000, 12_000_000);
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Reading your manuscript…'));
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);

    upload.answer(201, { book: importedBook(), report: sampleReport() });
    expect(await within(dialog()).findByRole('heading', { name: 'Your manuscript is a book now' })).toBeTruthy();
    const chapters = within(dialog()).getByRole('list', { name: '2 chapters found' });
    expect(
      within(chapters)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Chapter One: Night Watch3,120 words', '2.Chapter Two: The Letter2,904 words']);
    expect(within(dialog()).getByText('3 Word comments were not imported')).toBeTruthy();
    expect(within(dialog()).getByText('Ada Author')).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Open in the editor' }));
    expect(await screen.findByRole('heading', { name: 'Editor of imported-1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/edit/imported-1');
  });

  it('sends the details given first, and the workspace the library shows', async () => {
    const { next, user } = renderLibrary('ws-1');
    await user.click(screen.getByRole('button', { name: 'Import a manuscript' }));
    await user.click(within(dialog()).getByText('Title, language and genre (optional)'));
    await user.type(within(dialog()).getByLabelText('Title'), '  Salt and Letters ');
    await user.selectOptions(within(dialog()).getByLabelText('Language'), 'german');
    await user.upload(within(dialog()).getByLabelText('Manuscript file'), docx());
    const upload = await next();
    expect(Object.fromEntries([...upload.body.entries()].filter(([name]) => name !== 'file'))).toEqual({
      title: 'Salt and Letters',
      language: 'german',
      workspaceId: 'ws-1',
    });
  });

  it('refuses a PDF and a 60 MB file before sending anything, in the server’s words', async () => {
    const { uploads, user } = renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Import a manuscript' }));
    const zone = screen.getByTestId('manuscript-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF'], 'book.pdf')] } });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(manuscriptImportMessages.unsupported);
    expect(within(dialog()).getByLabelText('Manuscript file').getAttribute('aria-invalid')).toBe('true');
    fireEvent.drop(zone, { dataTransfer: { files: [docx(60 * 1024 * 1024)] } });
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toBe(manuscriptImportMessages.tooLarge),
    );
    expect(uploads).toHaveLength(0);
  });

  it('shows the server’s msg of a refusal and lets another file be dropped', async () => {
    const { next, user } = renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Import a manuscript' }));
    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });
    (await next()).answer(400, { msg: manuscriptImportMessages.encrypted });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(manuscriptImportMessages.encrypted);

    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });
    (await next()).answer(500, { msg: 'We encountered an unexpected error' });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The manuscript could not be imported. Please try again.',
    );
    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });
    (await next()).fail();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The manuscript could not be imported. Please try again.',
    );
  });

  it('cancels the upload with Cancel, and when the dialog closes', async () => {
    const { next, user } = renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Import a manuscript' }));
    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });
    const first = await next();
    await user.click(await within(dialog()).findByRole('button', { name: 'Cancel' }));
    expect(first.aborted).toBe(true);
    expect(within(dialog()).getByTestId('manuscript-drop-zone')).toBeTruthy();

    fireEvent.drop(screen.getByTestId('manuscript-drop-zone'), { dataTransfer: { files: [docx()] } });
    const second = await next();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(second.aborted).toBe(true);
  });
});
