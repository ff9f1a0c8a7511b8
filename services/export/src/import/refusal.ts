import { AppError, manuscriptImportMessages } from '@bookwright/contracts/http';

export type ImportRefusalReason = keyof typeof manuscriptImportMessages;

/**
 * The status of each refusal: too large is 413 (as the multipart layer answers it), a kind of file we do not
 * read is 415, everything else about the file's content is the author's to fix (400). Never a 500: a file
 * is the author's input, however it is broken.
 */
const statusOf: Record<ImportRefusalReason, number> = {
  missingFile: 400,
  tooLarge: 413,
  unsupported: 415,
  encrypted: 400,
  corrupt: 400,
  tooManyEntries: 400,
  noText: 400,
  reimportDocxOnly: 415,
};

/** The 4xx `{msg}` of an import refused for `reason`, with the contract's text. */
export function importRefusal(reason: ImportRefusalReason, cause?: unknown): AppError {
  return new AppError(statusOf[reason], manuscriptImportMessages[reason], {
    code: `import_${reason}`,
    ...(cause === undefined ? {} : { cause }),
  });
}
