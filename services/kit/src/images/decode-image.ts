import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { AppError, imageMessages } from '@bookwright/contracts/http';
import { loadSharp } from './load-sharp';

/** Formats we accept, recognised by their signature bytes and then by decoding them. */
export type AcceptedFormat = 'png' | 'jpeg' | 'webp';

export interface DecodeOptions {
  /** Refused above this (spec §9: 10 MB for uploads). */
  maxBytes: number;
  /** Decompression-bomb guard, checked on the header before any pixel is decoded. */
  maxPixels: number;
}

export interface DecodedImage {
  format: AcceptedFormat;
  width: number;
  height: number;
  /** A fresh sharp pipeline over the decoded pixels, for each encoding the caller makes. */
  pixels(): Sharp;
}

/**
 * Sniffs the signature bytes. Only PNG, JPEG and WebP go on to a decoder: sharp also reads SVG, PDF, TIFF,
 * HEIF … and none of those belongs on a cover or an avatar, or is worth the attack surface.
 */
export function sniffFormat(data: Buffer): AcceptedFormat | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/**
 * The one gate for untrusted image bytes (uploads of covers and avatars, and what image models answer).
 * Decides whether `input` is a usable image by decoding it (never by a name or a MIME type): signature
 * first, then the header within the pixel limit, then every pixel, which is what proves the file whole.
 * EXIF orientation is applied; the result is upright sRGB flattened on white, and since the caller
 * re-encodes from raw pixels no metadata (EXIF, GPS, XMP, ICC) survives. Anything unusable is a 400 with
 * a message the author can act on.
 */
export async function decodeImage(input: Buffer, options: DecodeOptions): Promise<DecodedImage> {
  if (input.length === 0) throw new AppError(400, imageMessages.noImage);
  if (input.length > options.maxBytes) throw new AppError(400, imageMessages.tooLarge);
  const format = sniffFormat(input);
  if (!format) throw new AppError(400, imageMessages.notAnImage);

  const sharp = await loadSharp();
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: options.maxPixels, sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    throw decodeError(error);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height)
    throw new AppError(400, imageMessages.notAnImage);

  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await open()
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }
  return fromRaw(format, upright);
}

/** Wraps raw pixels (as sharp's `raw()` answers them) as a decoded image. */
export async function fromRaw(
  format: AcceptedFormat,
  decoded: { data: Buffer; info: OutputInfo },
): Promise<DecodedImage> {
  const sharp = await loadSharp();
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  return {
    format,
    width: raw.width,
    height: raw.height,
    pixels: () => sharp(decoded.data, { raw, limitInputPixels: false }),
  };
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError(400, imageMessages.tooManyPixels, { cause: error });
  return new AppError(400, imageMessages.notAnImage, { cause: error });
}
