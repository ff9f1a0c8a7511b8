import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontBytes, fontFaces, fontPath } from './font-files';

describe('font files', () => {
  it.each(fontFaces)('%s resolves to a TrueType file from node_modules', (face) => {
    expect(existsSync(fontPath(face))).toBe(true);
    // A TrueType outline font begins with the version 1.0 tag.
    expect([...fontBytes(face).subarray(0, 4)]).toEqual([0, 1, 0, 0]);
  });

  it('reads a face once and hands out the same bytes after', () => {
    expect(fontBytes('Literata')).toBe(fontBytes('Literata'));
  });
});
