import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { makeBook } from '../../test/books';
import { resetAfterEach } from '../../test/utils';
import { file, json, renderWithStore, stubFetch, stubFiles, type RecordedCall } from '../export/testing';
import { CoverDialog } from './CoverDialog';
import { coverGenerationFailureMessage } from './coverErrors';

resetAfterEach();

let files: ReturnType<typeof stubFiles>;
beforeEach(() => {
  files = stubFiles();
});
afterEach(() => files.restore());

const storedUrl = '/api/v1/book/b1/cover-image/c7/web';
const uploadedUrl = '/api/v1/book/b1/cover-image/u1/web';

function Harness({ book }: { book: Book }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open cover
      </button>
      <CoverDialog book={book} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openDialog(routes: Parameters<typeof stubFetch>[0] = {}) {
  const book = makeBook({ status: 'ready' });
  const calls = stubFetch({
    'POST /book/cover/b1': () =>
      file('png-bytes', { 'Content-Type': 'image/png', 'x-image-url': storedUrl, 'x-cover-id': 'c7' }),
    'POST /book/upload-cover/b1': () => json(200, { imageUrl: uploadedUrl }),
    'PATCH /book/b1': (call) => json(200, { ...book, ...(call.body as object) }),
    ...routes,
  });
  const view = renderWithStore(<Harness book={book} />);
  return { calls, user: userEvent.setup(), ...view };
}

const png = (name = 'cover.png', type = 'image/png') => new File(['\x89PNG fake'], name, { type });
const callsTo = (calls: RecordedCall[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

describe('the cover dialog: choice', () => {
  it('offers Generate with AI and Upload Your Own', async () => {
    const { user } = openDialog();
    expect(screen.getByRole('heading', { name: 'Book Cover' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    expect(screen.getByRole('heading', { name: 'Upload Your Own' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    expect(screen.getByRole('heading', { name: 'Generate with AI' })).toBeTruthy();
  });
});

describe('the cover dialog: generate', () => {
  it('sends the defaults, shows the preview and applies the stored cover by its URL', async () => {
    let release!: () => void;
    const { calls, user } = openDialog({
      'POST /book/cover/b1': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(file('png-bytes', { 'Content-Type': 'image/png', 'x-image-url': storedUrl, 'x-cover-id': 'c7' }));
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    expect((screen.getByLabelText('Art Style') as HTMLSelectElement).value).toBe('realistic');
    expect((screen.getByLabelText('Mood') as HTMLSelectElement).value).toBe('adventure');
    expect((screen.getByLabelText('Color Scheme') as HTMLSelectElement).value).toBe('warm');
    expect((screen.getByLabelText('Dimensions') as HTMLSelectElement).value).toBe('1024x1536');
    expect((screen.getByLabelText(/Additional Description/) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Typeset title and author') as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Generate Cover' }));
    expect(await screen.findByRole('button', { name: 'Generating Cover...' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'POST', '/book/cover/b1')).toHaveLength(1));
    act(() => release());

    const preview = (await screen.findByRole('img', { name: 'Generated cover preview' })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('blob:test/1');
    expect(callsTo(calls, 'POST', '/book/cover/b1')[0]!.body).toEqual({
      prompt: '',
      style: 'realistic',
      mood: 'adventure',
      colorScheme: 'warm',
      dimensions: '1024x1536',
      typeset: true,
    });

    await user.click(screen.getByRole('button', { name: 'Use This Cover' }));
    expect(await screen.findByText('Cover uploaded and applied successfully!')).toBeTruthy();
    expect(screen.getByText('Cover image updated successfully!')).toBeTruthy();
    expect(callsTo(calls, 'PATCH', '/book/b1').map((c) => c.body)).toEqual([{ coverImage: storedUrl }]);
    // The preview's bytes are not uploaded again (print resolution stays behind the stored URL).
    expect(callsTo(calls, 'POST', '/book/upload-cover/b1')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(files.revoked).toContain('blob:test/1');
  });

  it('sends the chosen options; Generate Another keeps them; closing resets them to the defaults', async () => {
    const { calls, user } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await user.selectOptions(screen.getByLabelText('Art Style'), 'vintage');
    await user.selectOptions(screen.getByLabelText('Mood'), 'mysterious');
    await user.selectOptions(screen.getByLabelText('Color Scheme'), 'muted');
    await user.selectOptions(screen.getByLabelText('Dimensions'), '1024x1024');
    await user.type(screen.getByLabelText(/Additional Description/), '  a flooded workshop ');
    await user.click(screen.getByLabelText('Typeset title and author'));
    await user.click(screen.getByRole('button', { name: 'Generate Cover' }));
    await screen.findByRole('img', { name: 'Generated cover preview' });
    expect(callsTo(calls, 'POST', '/book/cover/b1')[0]!.body).toEqual({
      prompt: 'a flooded workshop',
      style: 'vintage',
      mood: 'mysterious',
      colorScheme: 'muted',
      dimensions: '1024x1024',
      typeset: false,
    });

    await user.click(screen.getByRole('button', { name: 'Generate Another' }));
    expect(screen.getByRole('heading', { name: 'Generate with AI' })).toBeTruthy();
    expect((screen.getByLabelText('Art Style') as HTMLSelectElement).value).toBe('vintage');
    expect(files.revoked).toContain('blob:test/1');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open cover' }));
    expect(screen.getByRole('heading', { name: 'Book Cover' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    expect((screen.getByLabelText('Art Style') as HTMLSelectElement).value).toBe('realistic');
    expect((screen.getByLabelText('Mood') as HTMLSelectElement).value).toBe('adventure');
    expect((screen.getByLabelText('Typeset title and author') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Additional Description/) as HTMLTextAreaElement).value).toBe('');
  });

  it.each([
    [403, 'You have reached the limit of covers you can generate this month'],
    [429, 'Rate limit exceeded. Please try again in a few minutes.'],
    [400, 'Invalid request. Please check your cover generation settings.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Failed to generate cover. Please try again.'],
    [404, 'Failed to generate cover. Please try again.'],
  ])('a %i gives the spec toast and keeps the options', async (status, message) => {
    const { user } = openDialog({ 'POST /book/cover/b1': () => json(status, { msg: 'whatever the server says' }) });
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await user.click(screen.getByRole('button', { name: 'Generate Cover' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Generate with AI' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Cover' })).toBeTruthy();
  });

  it('treats a network failure, or an answer without the stored URL, as a failure', async () => {
    expect(coverGenerationFailureMessage({ status: 0 })).toBe('Failed to generate cover. Please try again.');
    const { user } = openDialog({ 'POST /book/cover/b1': () => file('png-bytes', { 'Content-Type': 'image/png' }) });
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await user.click(screen.getByRole('button', { name: 'Generate Cover' }));
    expect(await screen.findByText('Failed to generate cover. Please try again.')).toBeTruthy();
  });

  it('says so when the generated cover cannot be applied', async () => {
    const { user } = openDialog({ 'PATCH /book/b1': () => json(503, {}) });
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await user.click(screen.getByRole('button', { name: 'Generate Cover' }));
    await user.click(await screen.findByRole('button', { name: 'Use This Cover' }));
    expect(await screen.findByText('Failed to upload cover. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use This Cover' })).toBeTruthy();
  });
});

describe('the cover dialog: upload', () => {
  it("says 'No image to upload' when applying without an image, and sends nothing", async () => {
    const { calls, user } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    expect(screen.getByText('PNG, JPG up to 10MB')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply Cover' }));
    expect(await screen.findByText('No image to upload')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('accepts images only, and refuses one over 10 MB before sending it', async () => {
    const { calls } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    const picker = screen.getByLabelText('Cover image') as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe('image/*');

    fireEvent.change(picker, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose an image file (PNG or JPG).');
    expect(picker.getAttribute('aria-invalid')).toBe('true');

    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('This image is 10.0 MB: covers can be up to 10MB.');
    expect(screen.queryByRole('img')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('previews the image, removes it, and uploads then applies the chosen one', async () => {
    const { calls, user } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    await user.upload(screen.getByLabelText('Cover image'), png('first.png'));
    expect(screen.getByRole('img', { name: 'Preview of the chosen cover' }).getAttribute('src')).toBe('blob:test/1');
    expect(screen.getByText('first.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(files.revoked).toContain('blob:test/1');

    await user.upload(screen.getByLabelText('Cover image'), png('second.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Apply Cover' }));
    expect(await screen.findByText('Cover uploaded and applied successfully!')).toBeTruthy();
    expect(screen.getByText('Cover image updated successfully!')).toBeTruthy();

    const upload = callsTo(calls, 'POST', '/book/upload-cover/b1')[0]!.body as FormData;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload.get('image') as File).name).toBe('second.jpg');
    expect(callsTo(calls, 'PATCH', '/book/b1').map((c) => c.body)).toEqual([{ coverImage: uploadedUrl }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows Uploading... while it works, and the server's message when it refuses the image", async () => {
    let release!: () => void;
    const { calls, user } = openDialog({
      'POST /book/upload-cover/b1': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(400, { msg: 'The image is larger than 10 MB' }));
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    await user.upload(screen.getByLabelText('Cover image'), png());
    await user.click(screen.getByRole('button', { name: 'Apply Cover' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'POST', '/book/upload-cover/b1')).toHaveLength(1));
    act(() => release());
    // The toast and the alert beside the image both carry the server's text, not a generic one.
    await waitFor(() => expect(screen.getAllByText('The image is larger than 10 MB').length).toBeGreaterThan(0));
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('The image is larger than 10 MB');
    expect(screen.queryByText('Failed to upload cover. Please try again.')).toBeNull();
    expect(callsTo(calls, 'PATCH', '/book/b1')).toHaveLength(0);
    // The same bytes would be refused again: Apply waits for another image.
    expect((screen.getByRole('button', { name: 'Apply Cover' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    await user.upload(screen.getByLabelText('Cover image'), png('other.png'));
    expect((screen.getByRole('button', { name: 'Apply Cover' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });

  it('keeps the generic text when the upload fails without a word from the server', async () => {
    const { user } = openDialog({ 'POST /book/upload-cover/b1': () => json(503, {}) });
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    await user.upload(screen.getByLabelText('Cover image'), png());
    await user.click(screen.getByRole('button', { name: 'Apply Cover' }));
    expect(await screen.findByText('Failed to upload cover. Please try again.')).toBeTruthy();
    // A server error may pass: trying again stays possible.
    expect((screen.getByRole('button', { name: 'Apply Cover' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Apply Cover when the preview cannot be drawn, and says why', async () => {
    const { calls, user } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Upload Your Own' }));
    await user.upload(screen.getByLabelText('Cover image'), png('broken.png'));
    fireEvent.error(screen.getByRole('img', { name: 'Preview of the chosen cover' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
      'This image cannot be shown. Please choose another file (PNG or JPG).',
    );
    const apply = screen.getByRole('button', { name: 'Apply Cover' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await user.click(apply);
    expect(callsTo(calls, 'POST', '/book/upload-cover/b1')).toHaveLength(0);
  });
});
