/**
 * `attachment` with an ASCII fallback and the RFC 5987 UTF-8 name, so every browser saves the file under
 * the name spec §7 gives it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
