// A subpath of its own (`@bookwright/kit/images`), and sharp itself is loaded by the first image.
export * from './decode-image';
export * from './book-image';
export { loadSharp } from './load-sharp';
