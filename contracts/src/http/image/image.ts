/** Texts of every image upload (covers and avatars go through the same checks). */
export const imageMessages = {
  noImage: 'No image to upload',
  notAnImage: 'The file is not an image we can read. Please upload a PNG, JPG or WebP file.',
  tooLarge: 'The image is larger than 10 MB',
  tooManyPixels: 'The image has too many pixels',
} as const;

/** Stated upload limit (spec §9: 10 MB), for covers and avatars alike. */
export const imageUploadMaxBytes = 10 * 1024 * 1024;

/** Decompression-bomb guard by default: images with more pixels are refused before they are decoded. */
export const imageMaxInputPixelsDefault = 50_000_000;
