import { createRequire } from 'node:module';
import type { PageBreak, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { fontData, fontFaces, fontStyles, type FontFamily } from '../fonts';
import { installKeepLines } from './keep-lines';

/**
 * The one pdfmake instance of this process (or worker thread), set up for print: the embedded fonts are
 * served from pdfmake's virtual file system (read once from node_modules), and every other file or URL
 * access is denied, so a document definition can never make pdfmake read the disk or the network.
 */
interface PdfMakeInstance {
  createPdf(definition: TDocumentDefinitions): { getStream(): Promise<PDFKit.PDFDocument> };
  setFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  virtualfs: { writeFileSync(name: string, data: Uint8Array): void; existsSync(name: string): boolean };
}

let instance: PdfMakeInstance | undefined;

function pdfmake(): PdfMakeInstance {
  if (instance) return instance;
  // pdfmake is CommonJS exporting an instance (`module.exports = new pdfmake()`), which ESM named imports
  // cannot see; require it.
  const created = createRequire(import.meta.url)('pdfmake') as PdfMakeInstance;
  const fonts: TFontDictionary = {};
  const files = new Map<string, () => Uint8Array>();
  for (const family of Object.keys(fontFaces) as FontFamily[]) {
    const styles: Record<string, string> = {};
    for (const style of fontStyles) {
      const name = `fonts/${family}-${style}.ttf`;
      files.set(name, () => fontData(family, style));
      styles[style] = name;
    }
    fonts[family] = styles;
  }
  // pdfmake opens a font file only when a document uses the font: serve the files lazily, so the CJK
  // faces (about 5 MB each) are read only by books that print those scripts.
  const vfs = created.virtualfs;
  const exists = vfs.existsSync.bind(vfs);
  vfs.existsSync = (name) => {
    const load = files.get(name.replace(/^\//, ''));
    if (load && !exists(name)) vfs.writeFileSync(name, load());
    return exists(name);
  };
  created.setFonts(fonts);
  installKeepLines();
  created.setUrlAccessPolicy(() => false);
  created.setLocalAccessPolicy(() => false);
  instance = created;
  return created;
}

/** Lays out and draws the document; the returned pdfkit document is not ended, so pages can still be added. */
export function layoutPdf(definition: TDocumentDefinitions): Promise<PDFKit.PDFDocument> {
  return pdfmake().createPdf(definition).getStream();
}

/** Ends the pdfkit document and collects its bytes. */
export function finishPdf(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(concatBytes(chunks)));
    doc.end();
  });
}

/** One Uint8Array that owns its whole ArrayBuffer, so it can be transferred between threads. */
function concatBytes(chunks: Uint8Array[]): Uint8Array {
  const total = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

let oddBreak: PageBreak | undefined;

/**
 * The `pageBreak` value that starts a node on an odd (right-hand) page. pdfmake 0.3.11's implementation
 * of 'beforeEven' lands on odd page numbers, the opposite of its type documentation; a three-line probe
 * settles which one this pdfmake does, so a fix upstream cannot silently flip chapter openers to versos.
 */
export async function oddPageBreak(): Promise<PageBreak> {
  if (oddBreak) return oddBreak;
  const probe: { text: string; pageBreak: PageBreak; positions?: { pageNumber: number }[] } = {
    text: 'b',
    pageBreak: 'beforeEven',
  };
  const doc = await layoutPdf({ content: ['a', probe], defaultStyle: { font: 'Literata' }, compress: false });
  doc.end();
  const page = probe.positions?.[0]?.pageNumber ?? 0;
  oddBreak = page % 2 === 1 ? 'beforeEven' : 'beforeOdd';
  return oddBreak;
}
