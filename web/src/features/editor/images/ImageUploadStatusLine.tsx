import type { ImageUploadStatus } from './imageUploads';

/**
 * The line under the toolbar while an image is uploaded, or why it was refused (the server's words: not an
 * image, over 10 MB …). The live region is always there, so the change is announced.
 */
export function ImageUploadStatusLine({ status }: { status: ImageUploadStatus }) {
  return (
    <div aria-live="polite" data-testid="image-upload-status">
      {status && (
        <p
          role={status.tone === 'problem' ? 'alert' : 'status'}
          className={`border-b px-4 py-2 text-sm sm:px-6 ${status.tone === 'problem' ? 'border-red-200 bg-red-50 text-red-900' : 'border-stone-200 bg-paper text-stone-700'}`}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
