import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Test images made on the spot: real encodings, no fixtures in the repository. */
export async function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e76f51"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${width / 6}" fill="#f1faee"/></svg>`;
  const image = sharp(Buffer.from(svg));
  if (format === 'png') return image.png().toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/** A JPEG whose pixels are stored sideways with EXIF orientation 6 (rotate 90°), a camera model and GPS position. */
export async function phoneJpeg(): Promise<Buffer> {
  const stored = await photo(600, 400, 'jpeg');
  return sharp(stored)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Incompressible noise: a valid PNG just over 11 MB. */
export async function elevenMegabytePng(): Promise<Buffer> {
  const width = 2000;
  const height = 1900;
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return png;
}

/** A small file that decodes to 64 megapixels: a decompression bomb in miniature. */
export async function hugePixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#888888' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
