import type { ImportSourceKind } from '@bookwright/contracts/http';
import { importRefusal } from '../refusal';

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * What a file holds, by its bytes rather than its name: a zip is Word or EPUB by what is inside it (decided
 * by the readers), text is Markdown or plain text by its name. A PDF, an old Word file, a password-protected
 * Word file (an encrypted OLE package, whatever its extension) are refused here.
 */
export function sourceKindOf(bytes: Buffer, fileName: string): ImportSourceKind | 'zip' {
  if (bytes.length === 0) throw importRefusal('noText');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Word's password protection wraps the .docx in an OLE file with an "EncryptedPackage" stream.
    const encrypted = bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'));
    throw importRefusal(encrypted ? 'encrypted' : 'unsupported');
  }
  const name = fileName.toLowerCase();
  if (/\.(?:docx|epub|docm|dotx)$/.test(name))
    throw importRefusal(startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) ? 'unsupported' : 'corrupt');
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) || /\.(?:pdf|doc|odt|rtf|pages|png|jpe?g|gif|webp)$/.test(name))
    throw importRefusal('unsupported');
  if (/\.(?:md|markdown|mdown|mkd|mdwn)$/.test(name)) return 'markdown';
  return 'text';
}

/** A zip's kind from its entries: Word's main document, or an EPUB's container. */
export function zipKindOf(names: readonly string[]): 'docx' | 'epub' {
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('META-INF/container.xml') || names.includes('mimetype')) return 'epub';
  throw importRefusal('unsupported');
}
