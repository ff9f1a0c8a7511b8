import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, findUnsafeText, unsafeTextMessage } from '@bookwright/contracts/http';

/**
 * A multipart form holding one image (a cover, an avatar), where an image over the size limit is always
 * the one 400 with `tooLargeMessage`.
 *
 * @fastify/multipart reports a file over its `fileSize` limit in two ways, and which one depends on how
 * the bytes arrived: `toBuffer()` throws its 413 "request file too large" when the chunk that crossed the
 * limit is still being read, but when a chunk ended exactly at the limit the file ends quietly (cut, and
 * marked `truncated`) and the 413 comes out of the next step of `parts()` instead. Both, and the cut
 * file, are checked here, so the answer does not depend on the network's chunking.
 */
export async function* imageFormParts(
  request: FastifyRequest,
  tooLargeMessage: string,
): AsyncGenerator<MultipartFile | MultipartValue> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw isFileTooLarge(error) ? new AppError(400, tooLargeMessage) : error;
  }
}

/** The bytes of a file part, or the 400 with `tooLargeMessage` when the file went over the limit. */
export async function imageBytes(part: MultipartFile, tooLargeMessage: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    throw isFileTooLarge(error) ? new AppError(400, tooLargeMessage) : error;
  }
  if (part.file.truncated) throw new AppError(400, tooLargeMessage);
  return bytes;
}

const isFileTooLarge = (error: unknown): boolean => (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The one image of a form whose only file is `field` (a cover's `image`, a chapter image's `file`): its
 * bytes, or the 400 with `messages.noImage` when the form is not multipart or holds no such file, and with
 * `messages.tooLarge` over the limit. Every field's name and value, and the file's name, get the body check
 * of safe-text.ts, which multipart forms skip; other files are drained unread.
 */
export async function uploadedImage(
  request: FastifyRequest,
  field: string,
  messages: { noImage: string; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, messages.noImage);
  let bytes: Buffer | undefined;
  for await (const part of imageFormParts(request, messages.tooLarge)) {
    const unsafe = findUnsafeText({ [part.fieldname]: part.type === 'file' ? part.filename : part.value }, 'multipart');
    if (unsafe !== null) {
      if (part.type === 'file') part.file.resume();
      throw new AppError(400, unsafeTextMessage(unsafe));
    }
    if (part.type !== 'file') continue;
    if (part.fieldname !== field || bytes) {
      part.file.resume();
      continue;
    }
    bytes = await imageBytes(part, messages.tooLarge);
  }
  if (!bytes || bytes.length === 0) throw new AppError(400, messages.noImage);
  return bytes;
}
