import { AppError, manuscriptImportMessages, type requests } from '@bookwright/contracts';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { importManuscript } from '../import';
import type { ExportHandlerDeps } from './deps';

type Def = typeof requests.export.convertManuscript;

/** Where a converted manuscript waits for the book service; the gateway removes it once the book is stored. */
export const importedDocumentKey = (id: string): string => `imports/${id}/document.json`;

/**
 * POST /book/import, its conversion: the uploaded file (in the blob store) made into the book's document,
 * left in the blob store, and the report. Refusals are the import's 4xx (import/refusal.ts); the upload is
 * the gateway's to remove. Runs in the render slots: a long Word file costs about as much as an export.
 */
export function convertManuscript(deps: ExportHandlerDeps) {
  return async (
    { uploadBlobKey, fileName, language }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    const upload = await deps.blobs.get(uploadBlobKey);
    if (!upload) throw new AppError(400, manuscriptImportMessages.missingFile);
    const started = performance.now();
    const { document, report } = await deps.renderSlots(() =>
      importManuscript(upload.data, { fileName, language }).catch((error: unknown) => {
        if (error instanceof AppError && error.cause !== undefined)
          context.logger.warn({ err: error.cause, fileName }, `manuscript refused: ${error.message}`);
        throw error;
      }),
    );
    const contentBlobKey = importedDocumentKey(deps.newId());
    await deps.blobs.put(contentBlobKey, Buffer.from(JSON.stringify(document), 'utf8'), {
      contentType: 'application/json',
    });
    context.logger.info(
      {
        kind: report.source.kind,
        bytes: report.source.bytes,
        chapters: report.chapters.length,
        words: report.words,
        ms: Math.round(performance.now() - started),
      },
      'manuscript converted',
    );
    return { contentBlobKey, report };
  };
}
