import { safeFileName } from '@bookwright/contracts/text';

/** RFC 8187 attr-char: what may stand unencoded in `filename*`; encodeURIComponent also leaves ' ( ) * bare. */
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The ASCII `filename` for browsers and tools that ignore `filename*`: accents folded to their base letter
 * (ä → a), anything else outside printable ASCII as `_`, and no quote or backslash to break the quoted string.
 */
export function asciiFileName(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
}

/**
 * `attachment` with the ASCII fallback and the RFC 6266 / RFC 8187 UTF-8 name beside it, so every browser
 * saves the file under the name spec §7 gives it, letters of every language kept. The name is made safe
 * here too: whatever a caller passes, no path separator or control character reaches the header.
 */
export function attachmentDisposition(fileName: string): string {
  const safe = safeFileName(fileName) || 'download';
  return `attachment; filename="${asciiFileName(safe)}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}
