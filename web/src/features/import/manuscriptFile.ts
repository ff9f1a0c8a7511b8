import { manuscriptImportMaxBytes, manuscriptImportMessages } from '@bookwright/contracts/http';

/** The names a new book can be imported from, as the file picker offers them. */
export const manuscriptExtensions = ['.docx', '.md', '.epub', '.txt'] as const;
/** A book takes back only what it exported for an editor: a Word file. */
export const reimportExtensions = ['.docx'] as const;

/**
 * What the picker's `accept` says: the extensions, and the MIME types some systems' pickers go by. The server
 * reads what a file holds, whatever its name; this only keeps the obvious mistakes from uploading.
 */
export const manuscriptAccept = [
  ...manuscriptExtensions,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/markdown',
  'application/epub+zip',
  'text/plain',
].join(',');
export const reimportAccept = [
  ...reimportExtensions,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
};

/**
 * Why a file cannot be sent, in the server's own words (the contract's), or undefined when it may go. Checked
 * before uploading, so 60 MB are not sent to be refused; the server checks again either way.
 */
export function manuscriptFileProblem(
  file: Pick<File, 'name' | 'size'>,
  purpose: 'new' | 'reimport' = 'new',
): string | undefined {
  const allowed: readonly string[] = purpose === 'new' ? manuscriptExtensions : reimportExtensions;
  if (!allowed.includes(extensionOf(file.name)))
    return purpose === 'new' ? manuscriptImportMessages.unsupported : manuscriptImportMessages.reimportDocxOnly;
  if (file.size > manuscriptImportMaxBytes) return manuscriptImportMessages.tooLarge;
  if (file.size === 0) return manuscriptImportMessages.noText;
  return undefined;
}
