import {
  ManuscriptImportResponseSchema,
  type ImportReport,
  type ManuscriptImportFields,
} from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import type { VersionedBook } from '../editor/saving/conditionalRequests';
import { importTexts } from './importTexts';
import { uploadWithProgress, type UploadProgress } from './uploadWithProgress';

/** How an import ended, as the dialogs show it. */
export type ImportOutcome =
  | { kind: 'imported'; book: VersionedBook; report: ImportReport }
  /** 412 of a re-import: the book changed elsewhere since the version the editor holds. Nothing was replaced. */
  | { kind: 'conflict' }
  | { kind: 'failed'; message: string }
  | { kind: 'aborted' };

interface Call {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

async function send(
  url: string,
  form: FormData,
  call: Call,
  headers: Record<string, string> = {},
): Promise<ImportOutcome> {
  const outcome = await uploadWithProgress({ url, form, headers, ...call });
  if (outcome.kind === 'aborted') return outcome;
  if (outcome.kind === 'offline') return { kind: 'failed', message: importTexts.failure };
  if (outcome.status === 412) return { kind: 'conflict' };
  if (outcome.status < 200 || outcome.status >= 300) {
    const msg = typeof outcome.body === 'object' && outcome.body ? (outcome.body as { msg?: unknown }).msg : undefined;
    return {
      kind: 'failed',
      message: errorMessage(
        { status: outcome.status, ...(typeof msg === 'string' ? { msg } : {}) },
        importTexts.failure,
      ),
    };
  }
  const parsed = ManuscriptImportResponseSchema.safeParse(outcome.body);
  if (!parsed.success) return { kind: 'failed', message: importTexts.failure };
  const { book, report } = parsed.data;
  const etag = outcome.etag ?? (outcome.body as { book?: { etag?: unknown } }).book?.etag;
  return { kind: 'imported', book: typeof etag === 'string' ? { ...book, etag } : book, report };
}

/** POST /book/import: a new book from the file, with the details the author gave (all optional). */
export function importManuscript(file: File, fields: ManuscriptImportFields, call: Call = {}): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  return send('/book/import', form, call);
}

/**
 * POST /book/{id}/import: the corrected Word file into its book, on the version the editor holds (If-Match),
 * as the editor's own saves are sent.
 */
export function reimportManuscript(
  bookId: string,
  file: File,
  etag: string | undefined,
  call: Call = {},
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  return send(`/book/${encodeURIComponent(bookId)}/import`, form, call, etag ? { 'If-Match': etag } : {});
}
