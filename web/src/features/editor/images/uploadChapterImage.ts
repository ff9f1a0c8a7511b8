import { StoredBookImageSchema } from '@bookwright/contracts/http';
import { apiFetch, serverMessageOf } from '../../../api/apiFetch';
import { editorTexts } from '../texts';

/**
 * POST /book/{id}/images (multipart `file`): the server checks, re-encodes and stores the picture under the
 * book, and answers the src the image node names. A refusal comes back as the server's words (not an image,
 * over 10 MB, no plan, not allowed), anything else as the editor's own.
 */
export async function uploadChapterImage(bookId: string, file: File): Promise<{ src: string } | { problem: string }> {
  const body = new FormData();
  body.append('file', file, file.name || 'image');
  let response: Response;
  try {
    response = await apiFetch(`/book/${encodeURIComponent(bookId)}/images`, { method: 'POST', body });
  } catch {
    return { problem: editorTexts.imageUploadFailure };
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.status === 201) {
    const stored = StoredBookImageSchema.safeParse(answer);
    if (stored.success) return { src: stored.data.src };
  }
  const message = response.status < 500 ? serverMessageOf(answer) : undefined;
  return { problem: message ?? editorTexts.imageUploadFailure };
}
