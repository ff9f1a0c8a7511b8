import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { typesetExportBook } from '../pdf/testing/books';
import { checkDocxPackage, DocxPackageError, xmlFault } from './package-check';
import { renderDocx } from './render-docx';

/*
 * A Word file is checked as an OOXML package before it is offered: the files Bookwright makes pass, and
 * each kind of damage is named.
 */

const made = new Map<string, Uint8Array>();
beforeAll(async () => {
  const book = typesetExportBook({}, { chapters: 2, wordsPerChapter: 200, richFirstChapter: true });
  for (const layout of ['manuscript', 'book'] as const) {
    const file = await renderDocx(book, {
      layout,
      review: { people: {}, comments: [], fallbackDate: '2026-01-01T00:00:00Z' },
      printed: { words: 400, characters: 2_000 },
      contact: null,
    });
    made.set(layout, file.data);
  }
});

/** The manuscript layout's file, changed by `damage`. */
async function damaged(damage: (zip: JSZip) => void | Promise<void>): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(made.get('manuscript')!);
  await damage(zip);
  return zip.generateAsync({ type: 'uint8array' });
}

const refusal = async (data: Uint8Array) =>
  checkDocxPackage(data).then(
    () => null,
    (error: unknown) => (error instanceof DocxPackageError ? error.message : `unexpected: ${String(error)}`),
  );

describe('the Word package check', () => {
  it.each(['manuscript', 'book'])('passes the %s layout as made', async (layout) => {
    expect(await refusal(made.get(layout)!)).toBeNull();
  });

  it('names each kind of damage', async () => {
    expect(await refusal(new TextEncoder().encode('%PDF-1.7 not a zip'))).toBe('not a zip archive');
    expect(await refusal(await damaged((zip) => void zip.remove('[Content_Types].xml')))).toBe(
      'no [Content_Types].xml',
    );
    expect(await refusal(await damaged((zip) => void zip.remove('word/styles.xml')))).toMatch(
      /names \/word\/styles\.xml, which is not in the package|points to word\/styles\.xml, which is missing/,
    );
    const truncated = await damaged(async (zip) => {
      const xml = await zip.file('word/document.xml')!.async('string');
      zip.file('word/document.xml', xml.slice(0, xml.length / 2));
    });
    expect(await refusal(truncated)).toMatch(/^word\/document\.xml is not well-formed XML: /);
    const danglingRel = await damaged(async (zip) => {
      const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
      const extra = '<Relationship Id="rId999" Type="http://x/image" Target="media/gone.png"/>';
      zip.file('word/_rels/document.xml.rels', rels.replace('</Relationships>', `${extra}</Relationships>`));
    });
    expect(await refusal(danglingRel)).toBe(
      'word/_rels/document.xml.rels points to word/media/gone.png, which is missing',
    );
    expect(await refusal(await damaged((zip) => void zip.file('word/stray.bin', 'x')))).toBe(
      'word/stray.bin has no content type',
    );
  });

  it('tells well-formed XML from what a reader could not open', () => {
    expect(
      xmlFault('<?xml version="1.0"?>\n<a x="1" y=\'&amp;\'><b/><!-- c --><![CDATA[<d>]]>t&#x41;</a>\n'),
    ).toBeNull();
    expect(xmlFault('<a><b></a></b>')).toBe('</a> does not close the open element');
    expect(xmlFault('<a>')).toBe('<a> is never closed');
    expect(xmlFault('<a/><b/>')).toBe('2 root elements');
    expect(xmlFault('<a>x & y</a>')).toMatch(/stray "&"/);
    expect(xmlFault('<a x="1" x="2"/>')).toBe('<a>: attribute x given twice');
    expect(xmlFault('<a x=1/>')).toMatch(/stray "<"/);
    expect(xmlFault('<a></a>tail')).toBe('text after the root element');
  });
});
