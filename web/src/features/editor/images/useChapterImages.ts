import { useMemo, useState } from 'react';
import type { ImageUploadStatus, ImageUploadsOptions } from './imageUploads';

/**
 * What an editor of a book needs for its images: the options of the ImageUploads extension (the same object
 * while the book is, so the editor is not made again) and the status line they report to.
 */
export function useChapterImages(bookId: string | undefined): {
  options: ImageUploadsOptions | undefined;
  status: ImageUploadStatus;
} {
  const [status, setStatus] = useState<ImageUploadStatus>(null);
  const options = useMemo(() => (bookId ? { bookId, onStatus: setStatus } : undefined), [bookId]);
  return { options, status };
}
