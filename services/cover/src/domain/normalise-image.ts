import type { OutputInfo } from 'sharp';
import type { CoverVariant } from '@bookwright/contracts/http';
import { decodeImage, fromRaw, loadSharp, type DecodeOptions } from '@bookwright/kit/images';

export interface EncodedVariant {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export type CoverVariants = Record<CoverVariant, EncodedVariant>;

/** The stored variants, and the decoded picture before anything was drawn over it (the cover's art). */
export interface NormalisedCover {
  variants: CoverVariants;
  /** PNG, upright sRGB on white, the master's size. */
  art: Buffer;
}

export interface NormaliseOptions extends DecodeOptions {
  /** Draws over the decoded, upright sRGB image (the typeset title); answers a PNG of the same size. */
  overlay?: (png: Buffer) => Promise<Buffer>;
}

/** Height of the web variant (the editor's preview and the generation answer) and of the thumbnail. */
export const webHeight = 800;
export const thumbHeight = 160;

/**
 * Makes the stored variants of a cover from untrusted bytes, after the shared image gate
 * (`decodeImage`: signature, pixel limit, full decode, EXIF orientation, sRGB on white, no metadata):
 * the print `master` at full resolution (lossless PNG for lossless sources, JPEG q95 4:4:4 otherwise),
 * the `web` PNG about 800 px tall and a WebP `thumb` about 160 px tall; and the art, the picture as
 * decoded, before the overlay.
 */
export async function normaliseImage(input: Buffer, options: NormaliseOptions): Promise<NormalisedCover> {
  const decoded = await decodeImage(input, options);
  const format = decoded.format;
  let pixels = decoded.pixels;
  const art = await pixels().png({ compressionLevel: 6 }).toBuffer();
  if (options.overlay) {
    const drawn = await options.overlay(art);
    const sharp = await loadSharp();
    const redecoded = await sharp(drawn, { limitInputPixels: false })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = (await fromRaw(format, redecoded)).pixels;
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
    variants: {
      master: variant(master, lossless ? 'image/png' : 'image/jpeg'),
      web: variant(web, 'image/png'),
      thumb: variant(thumb, 'image/webp'),
    },
    art,
  };
}
