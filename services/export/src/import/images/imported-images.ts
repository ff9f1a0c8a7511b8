import {
  bookImageMaxBytes,
  imageMessages,
  importedImageSrc,
  importedImagesMax,
  isAppError,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { encodeBookImage, type BookImageFile } from '@bookwright/kit/images';
import { countDropped, type DroppedCounts } from '../source/dropped-counts';

/** An image the import keeps: checked by the one image gate and re-encoded, waiting for its book. */
export type ImportedImageFile = BookImageFile;

/** Why an image was left out, as the report names it. */
export const imageDropReasons = {
  tooLarge: 'an image larger than 10 MB',
  pixels: 'an image of more than 50 million pixels',
  format: 'an image in a format other than PNG, JPEG or WebP, or damaged',
  missing: 'an image linked to a file outside the document',
  tooMany: `more than ${importedImagesMax} images`,
  placement: 'an image inside a list, a quote or a note',
} as const;
export type ImageDropReason = keyof typeof imageDropReasons;

/**
 * The images of one import. A reader hands each image's bytes here (or why it has none), and gets the
 * `image` node that names it, or null when it is dropped — counted, with its reason, in the report.
 * Identical images are stored once.
 */
export class ImportedImages {
  readonly files = new Map<string, ImportedImageFile>();
  readonly reasons = new Set<string>();

  constructor(private readonly dropped: DroppedCounts) {}

  drop(reason: ImageDropReason): null {
    countDropped(this.dropped, 'images');
    this.reasons.add(imageDropReasons[reason]);
    return null;
  }

  async node(bytes: Buffer | ImageDropReason, alt: string | undefined): Promise<TiptapNode | null> {
    if (typeof bytes === 'string') return this.drop(bytes);
    if (bytes.length > bookImageMaxBytes) return this.drop('tooLarge');
    const file = await encode(bytes);
    if (typeof file === 'string') return this.drop(file);
    if (!this.files.has(file.imageId) && this.files.size >= importedImagesMax) return this.drop('tooMany');
    this.files.set(file.imageId, file);
    const text = alt?.replace(/\s+/g, ' ').trim().slice(0, 2_000);
    return { type: 'image', attrs: { src: importedImageSrc(file.imageId), alt: text || null, width: null } };
  }
}

/** The one encoding of a chapter image (kit's encodeBookImage); its refusals become the report's reasons. */
async function encode(bytes: Buffer): Promise<ImportedImageFile | ImageDropReason> {
  try {
    return await encodeBookImage(bytes);
  } catch (error) {
    const reason = imageDropReasonOf(error);
    if (reason === null) throw error;
    return reason;
  }
}

/**
 * The report's reason for a refusal of the one image gate (a 400 with one of the image messages, from
 * encodeBookImage here or from the book service's book.image.store); null for any other error.
 */
export function imageDropReasonOf(error: unknown): ImageDropReason | null {
  if (!isAppError(error) || error.status !== 400) return null;
  if (error.message === imageMessages.tooLarge) return 'tooLarge';
  if (error.message === imageMessages.tooManyPixels) return 'pixels';
  return error.message === imageMessages.notAnImage || error.message === imageMessages.noImage ? 'format' : null;
}
