import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@bookwright/contracts/http';

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
