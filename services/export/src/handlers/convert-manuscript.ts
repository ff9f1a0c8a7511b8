import { AppError, manuscriptImportMessages, type ImportedImage } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { ImportedImageFile } from '../import/images/imported-images';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import type { ExportHandlerDeps } from './deps';

type Def = typeof requests.export.convertManuscript;

/** Where a converted manuscript waits for the book service; the gateway removes it once the book is stored. */
export const importedDocumentKey = (id: string): string => `imports/${id}/document.json`;
/** Beside it, each of its images. */
export const importedImageKey = (id: string, imageId: string): string => `imports/${id}/images/${imageId}`;

/**
 * POST /book/import, its conversion: the uploaded file (in the blob store) made into the book's document,
 * left in the blob store with its images, and the report. Refusals are the import's 4xx (import/refusal.ts); the upload is
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
    const { importManuscript } = await loadImport();
    const { document, report, images } = await deps.renderSlots(() =>
      importManuscript(upload.data, { fileName, language }).catch((error: unknown) => {
        if (error instanceof AppError && error.cause !== undefined)
          context.logger.warn({ err: error.cause, fileName }, `manuscript refused: ${error.message}`);
        throw error;
      }),
    );
    const importId = deps.newId();
    const stored = await storeImages(deps, importId, images);
    const contentBlobKey = importedDocumentKey(importId);
    await deps.blobs.put(contentBlobKey, Buffer.from(JSON.stringify(document), 'utf8'), {
      contentType: 'application/json',
    });
    context.logger.info(
      {
        kind: report.source.kind,
        bytes: report.source.bytes,
        chapters: report.chapters.length,
        words: report.words,
        images: stored.length,
        ms: Math.round(performance.now() - started),
      },
      'manuscript converted',
    );
    return { contentBlobKey, images: stored, report };
  };
}

// The readers (mammoth, markdown-it, yauzl, an HTML parser) are loaded on the first import, not at start:
// an idle process never needs them, and they were about 12 MB of its resident set (bench/README.md, memory).
const loadImport = () => import('../import');

/** The converted images, in the blob store for the book service (the bytes are over the bus's message limit). */
async function storeImages(deps: ExportHandlerDeps, importId: string, images: ImportedImageFile[]) {
  const stored: ImportedImage[] = [];
  for (const image of images) {
    const blobKey = importedImageKey(importId, image.imageId);
    await deps.blobs.put(blobKey, image.data, { contentType: image.contentType });
    stored.push({ imageId: image.imageId, blobKey });
  }
  return stored;
}
