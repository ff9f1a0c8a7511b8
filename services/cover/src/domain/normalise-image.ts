import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError, coverMessages, type CoverVariant } from '@bookwright/contracts';

/** Formats we accept, recognised by their signature bytes and then by decoding them. */
export type AcceptedFormat = 'png' | 'jpeg' | 'webp';

export interface EncodedVariant {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export type CoverVariants = Record<CoverVariant, EncodedVariant>;

export interface NormaliseOptions {
  /** Refused above this (spec §9: 10 MB for uploads). */
  maxBytes: number;
  /** Decompression-bomb guard, checked on the header before any pixel is decoded. */
  maxPixels: number;
  /** Draws over the decoded, upright sRGB image (the typeset title); answers a PNG of the same size. */
  overlay?: (png: Buffer) => Promise<Buffer>;
}

/** Height of the web variant (the editor's preview and the generation answer) and of the thumbnail. */
export const webHeight = 800;
export const thumbHeight = 160;

/**
 * Sniffs the signature bytes. Only PNG, JPEG and WebP go on to a decoder: sharp also reads SVG, PDF, TIFF,
 * HEIF … and none of those belongs on a book cover or is worth the attack surface.
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
 * Decides whether `input` is a usable image by decoding it (never by a name or a MIME type), and makes the
 * stored variants: the print `master` at full resolution (lossless PNG for lossless sources, JPEG q95 4:4:4
 * otherwise), the `web` PNG about 800 px tall and a WebP `thumb` about 160 px tall. EXIF orientation is
 * applied first; the result is sRGB, flattened on white, and carries no metadata (EXIF, GPS, XMP, ICC).
 * Anything unusable is a 400 with a message the author can act on.
 */
export async function normaliseImage(input: Buffer, options: NormaliseOptions): Promise<CoverVariants> {
  if (input.length === 0) throw new AppError(400, coverMessages.noImage);
  if (input.length > options.maxBytes) throw new AppError(400, coverMessages.tooLarge);
  const format = sniffFormat(input);
  if (!format) throw new AppError(400, coverMessages.notAnImage);

  const open = () => sharp(input, { failOn: 'error', limitInputPixels: options.maxPixels, sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    throw decodeError(error);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height)
    throw new AppError(400, coverMessages.notAnImage);

  // Decoding every pixel is what proves the file whole: a truncated or corrupt image fails here.
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
  const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };
  let pixels = () => sharp(upright.data, { raw, limitInputPixels: false });
  if (options.overlay) {
    const drawn = await options.overlay(await pixels().png({ compressionLevel: 1 }).toBuffer());
    const decoded = await sharp(drawn, { limitInputPixels: false })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const drawnRaw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
    pixels = () => sharp(decoded.data, { raw: drawnRaw, limitInputPixels: false });
  }

  const lossless = format === 'png';
  const master = lossless
    ? await pixels().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
    : await pixels()
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4', mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
  const web = await pixels()
    .resize({ height: webHeight, withoutEnlargement: true })
    .png({ compressionLevel: 7 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await pixels()
    .resize({ height: thumbHeight, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const variant = (encoded: { data: Buffer; info: OutputInfo }, contentType: string): EncodedVariant => ({
    data: encoded.data,
    contentType,
    width: encoded.info.width,
    height: encoded.info.height,
  });
  return {
    master: variant(master, lossless ? 'image/png' : 'image/jpeg'),
    web: variant(web, 'image/png'),
    thumb: variant(thumb, 'image/webp'),
  };
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError(400, coverMessages.tooManyPixels, { cause: error });
  return new AppError(400, coverMessages.notAnImage, { cause: error });
}
