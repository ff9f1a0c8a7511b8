import sharp from 'sharp';

/** The largest cover an ebook store asks for (KDP: 1,600 × 2,560 px); bigger only makes the EPUB heavier. */
const maxWidth = 1_600;
const maxHeight = 2_560;

/**
 * The cover master as the EPUB's cover image: upright, sRGB, flattened on white, at most 1,600 × 2,560 px,
 * JPEG (a core media type every reading system shows). The master may be a large PNG made for print.
 */
export async function ebookCover(master: Uint8Array): Promise<{ data: Uint8Array; mediaType: 'image/jpeg' }> {
  const data = await sharp(master)
    .rotate()
    .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mediaType: 'image/jpeg' };
}
