import { importRefusal } from '../refusal';

/**
 * A text file's characters: UTF-8 (with or without its BOM), or UTF-16 in either byte order with its BOM.
 * Anything else (bytes that are not UTF-8, NUL characters of a binary file) is not a manuscript we can read.
 */
export function decodeText(bytes: Buffer): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff)
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    throw importRefusal('unsupported', error);
  }
  if (text.includes('\u0000')) throw importRefusal('unsupported');
  return text.replace(/\r\n?/g, '\n');
}
