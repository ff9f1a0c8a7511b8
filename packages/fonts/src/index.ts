export { fontBytes, fontFaces, fontPath, type FontFace } from './font-files';
