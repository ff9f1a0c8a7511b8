import sharp from 'sharp';

/** A real PNG of the given size (a diagonal gradient with a disc), as an image model would answer. */
export async function testImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#203a60"/><stop offset="1" stop-color="#e0a050"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height * 0.6}" r="${Math.min(width, height) / 5}" fill="#f5e6c8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg().toBuffer()
      : image.webp().toBuffer();
}
