import JSZip from 'jszip';

/** An EPUB opened for assertions: its entries and their text. */
export interface EpubFiles {
  names: string[];
  text(name: string): Promise<string>;
  bytes(name: string): Promise<Uint8Array>;
  /** Every entry's text joined, for "appears nowhere" checks. */
  allText(): Promise<string>;
}

export async function openEpub(epub: Uint8Array): Promise<EpubFiles> {
  const zip = await JSZip.loadAsync(epub);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const entry = (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`no ${name} in the EPUB (it has ${names.join(', ')})`);
    return file;
  };
  return {
    names,
    text: (name) => entry(name).async('string'),
    bytes: (name) => entry(name).async('uint8array'),
    async allText() {
      const texts = await Promise.all(names.map((name) => entry(name).async('string')));
      return texts.join('\n');
    },
  };
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its character references and the five predefined entities resolved. */
export function decodeXml(xml: string): string {
  return xml.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_match, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return namedEntities[ref.toLowerCase()] ?? '';
  });
}

/** The text content of XHTML (tags removed, references resolved), with runs of white space collapsed. */
export function visibleText(xhtml: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(xhtml)?.[1] ?? xhtml;
  // A span marks a stretch of text (its language, a task box) inside a word's flow: no space for it.
  return decodeXml(body.replace(/<\/?span\b[^>]*>/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
