import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { AppError, manuscriptImportMaxBytes, manuscriptImportMessages } from '@bookwright/contracts/http';
import { importManuscript, zipLimits } from '.';

/*
 * Bad files get a clear 4xx `{msg}` with the contract's text, never anything else: a renamed PDF, an
 * encrypted or damaged Word file, zip bombs (refused from the zip's directory, before inflating), a file
 * over 50 MB, a document with no text; and, as properties, random bytes and truncated or damaged zips.
 */

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

async function refusal(bytes: Buffer, fileName: string): Promise<AppError> {
  const outcome = await importManuscript(bytes, { fileName, language: 'english' }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
}

async function expectRefused(bytes: Buffer, fileName: string, status: number, msg: string) {
  const error = await refusal(bytes, fileName);
  expect({ status: error.status, msg: error.message }).toEqual({ status, msg });
}

const docx = (documentXml: string) => {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${documentXml}</w:body></w:document>`,
  );
  return zip;
};
const zipped = async (zip: JSZip) => zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

/** Changes the headers of every deflated entry (not the folders), local and in the central directory. */
function patchEntries(bytes: Buffer, patch: (header: Buffer, at: number, central: boolean) => void): Buffer {
  const patched = Buffer.from(bytes);
  for (let at = 0; at < patched.length - 4; at += 1) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x04034b50 && patched.readUInt16LE(at + 8) === 8) patch(patched, at, false);
    if (signature === 0x02014b50 && patched.readUInt16LE(at + 10) === 8) patch(patched, at, true);
  }
  return patched;
}

/** Declares every deflated entry's uncompressed size as `size`. */
const declareSizes = (bytes: Buffer, size: number) =>
  patchEntries(bytes, (header, at, central) => header.writeUInt32LE(size, at + (central ? 24 : 22)));

describe('refused files', () => {
  it('a PDF renamed .docx is not a manuscript we read (415)', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await expectRefused(pdf, 'novel.docx', 415, manuscriptImportMessages.unsupported);
    await expectRefused(pdf, 'novel.pdf', 415, manuscriptImportMessages.unsupported);
  });

  it('a password-protected Word file (an OLE package holding EncryptedPackage) says so', async () => {
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('EncryptionInfo', 'utf16le'),
      Buffer.from('EncryptedPackage', 'utf16le'),
    ]);
    await expectRefused(ole, 'novel.docx', 400, manuscriptImportMessages.encrypted);
  });

  it('a zip with encrypted entries is refused as password-protected', async () => {
    const bytes = await zipped(docx('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>'));
    const patched = patchEntries(bytes, (header, at, central) => {
      const flags = at + (central ? 8 : 6);
      header.writeUInt16LE(header.readUInt16LE(flags) | 1, flags);
    });
    await expectRefused(patched, 'novel.docx', 400, manuscriptImportMessages.encrypted);
  });

  it('a damaged Word file is refused as damaged', async () => {
    const good = await fixture('pandoc-book.docx');
    await expectRefused(
      good.subarray(0, Math.floor(good.length / 2)),
      'novel.docx',
      400,
      manuscriptImportMessages.corrupt,
    );
    const scrambled = Buffer.from(good);
    for (let at = 200; at < scrambled.length - 200; at += 7) scrambled[at] = scrambled[at]! ^ 0x5a;
    await expectRefused(scrambled, 'novel.docx', 400, manuscriptImportMessages.corrupt);
    await expectRefused(
      await zipped(docx('<w:p><w:r><w:t>unclosed')),
      'novel.docx',
      400,
      manuscriptImportMessages.corrupt,
    );
  });

  it('a zip bomb is refused from its directory, before anything is inflated', async () => {
    const bytes = await zipped(docx('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>'));
    await expectRefused(
      declareSizes(bytes, zipLimits.maxUncompressedBytes),
      'novel.docx',
      400,
      manuscriptImportMessages.tooManyEntries,
    );
    const many = docx('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>');
    for (let index = 0; index <= zipLimits.maxEntries; index += 1) many.file(`word/media/${index}.bin`, '');
    await expectRefused(await zipped(many), 'novel.docx', 400, manuscriptImportMessages.tooManyEntries);
  });

  it('an entry that inflates past the size it declares is refused as damaged', async () => {
    const zip = docx(`<w:p><w:r><w:t>${'x'.repeat(200_000)}</w:t></w:r></w:p>`);
    await expectRefused(declareSizes(await zipped(zip), 1_000), 'novel.docx', 400, manuscriptImportMessages.corrupt);
  });

  it('a file over 50 MB is refused (413) before it is read', async () => {
    await expectRefused(
      Buffer.alloc(manuscriptImportMaxBytes + 1, 0x61),
      'novel.txt',
      413,
      manuscriptImportMessages.tooLarge,
    );
  });

  it('a document with no text is refused', async () => {
    await expectRefused(
      await zipped(docx('<w:p/><w:p><w:r><w:t> </w:t></w:r></w:p>')),
      'empty.docx',
      400,
      manuscriptImportMessages.noText,
    );
    await expectRefused(Buffer.from('\n\n   \n'), 'empty.txt', 400, manuscriptImportMessages.noText);
    await expectRefused(
      Buffer.from('# Chapter One\n\n# Chapter Two\n'),
      'empty.md',
      400,
      manuscriptImportMessages.noText,
    );
    await expectRefused(Buffer.alloc(0), 'empty.md', 400, manuscriptImportMessages.noText);
  });

  it('a zip that is neither Word nor EPUB, and binary text, are not manuscripts we read', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hello');
    await expectRefused(await zipped(zip), 'novel.docx', 415, manuscriptImportMessages.unsupported);
    await expectRefused(
      Buffer.from([0x61, 0x00, 0x62, 0xff, 0xfe, 0x00]),
      'novel.txt',
      415,
      manuscriptImportMessages.unsupported,
    );
  });
});

const names = fc.constantFrom('novel.docx', 'novel.epub', 'novel.md', 'novel.txt', 'novel', 'novel.pdf');

/** Either a book or a 4xx with one of the contract's texts: never another error. */
async function importsOrRefuses(bytes: Buffer, fileName: string): Promise<boolean> {
  try {
    await importManuscript(bytes, { fileName, language: 'english' });
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(Object.values(manuscriptImportMessages)).toContain(error.message);
    return true;
  }
}

describe('properties', () => {
  property.prop([fc.uint8Array({ maxLength: 4_096 }), names], { numRuns: 150 })(
    'random bytes, under any name, import or get a 4xx',
    async (bytes, name) => {
      expect(await importsOrRefuses(Buffer.from(bytes), name)).toBe(true);
    },
  );

  property.prop([fc.uint8Array({ minLength: 4, maxLength: 2_048 }), names], { numRuns: 100 })(
    'random bytes behind a zip signature import or get a 4xx',
    async (bytes, name) => {
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(bytes)]);
      expect(await importsOrRefuses(zip, name)).toBe(true);
    },
  );

  for (const name of ['pandoc-book.docx', 'libreoffice-book.docx', 'pandoc-book.epub', 'bookwright-book.epub']) {
    property.prop([fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 40 })(
      `${name} cut anywhere imports or gets a 4xx`,
      async (share) => {
        const bytes = await fixture(name);
        expect(await importsOrRefuses(bytes.subarray(0, Math.floor(bytes.length * share)), name)).toBe(true);
      },
    );

    property.prop([fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 })], {
      numRuns: 40,
    })(`${name} with damaged bytes imports or gets a 4xx`, async (damage) => {
      const bytes = Buffer.from(await fixture(name));
      for (const [at, xor] of damage) bytes[at % bytes.length] = bytes[at % bytes.length]! ^ xor;
      expect(await importsOrRefuses(bytes, name)).toBe(true);
    });
  }
});
