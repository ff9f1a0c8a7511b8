import { createHash } from 'node:crypto';
import { bookImageMaxBytes, imageMaxInputPixelsDefault, type BookImageContentType } from '@bookwright/contracts/http';
import { decodeImage } from './decode-image';

/** An image inside a book's chapters, ready to be stored under its book (decision 0050). */
export interface BookImageFile {
  imageId: string;
  data: Buffer;
  contentType: BookImageContentType;
}

/**
 * Untrusted bytes as a chapter image, whether an import found them or an author uploaded them: through the
 * one image gate (signature, pixel limit, full decode, upright sRGB, no metadata kept), then PNG stays PNG
 * and the rest becomes JPEG, which every EPUB reader, pdfmake and Word show. The id is the first 32 hex
 * digits of the stored bytes' SHA-256, so the same picture twice is one file. Refusals are the gate's 400s.
 */
export async function encodeBookImage(bytes: Buffer): Promise<BookImageFile> {
  const decoded = await decodeImage(bytes, { maxBytes: bookImageMaxBytes, maxPixels: imageMaxInputPixelsDefault });
  const png = decoded.format === 'png';
  const data = png
    ? await decoded.pixels().png({ compressionLevel: 7 }).toBuffer()
    : await decoded.pixels().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  const imageId = createHash('sha256').update(data).digest('hex').slice(0, 32);
  return { imageId, data, contentType: png ? 'image/png' : 'image/jpeg' };
}
