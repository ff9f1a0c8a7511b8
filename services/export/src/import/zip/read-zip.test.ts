import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readZip } from './read-zip';

describe('readZip', () => {
  it('reads stored entries as well as deflated ones (an EPUB keeps its mimetype stored)', async () => {
    const zip = new JSZip();
    zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
    zip.file('word/document.xml', '<w:document/>'.repeat(50), { compression: 'DEFLATE' });
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const read = await readZip(bytes, () => true);
    expect(read.files.get('mimetype')?.toString()).toBe('application/epub+zip');
    expect(read.files.get('word/document.xml')?.toString()).toBe('<w:document/>'.repeat(50));
  });
});
