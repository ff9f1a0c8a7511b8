import JSZip from 'jszip';

/** The words of the editor's tracked insertion and her two comments, as the import brings them back. */
export const wordEditorEdits = {
  author: 'Jane Editor',
  inserted: ' Quietly inserted.',
  comment: 'Too quiet here.',
  reply: 'And the gulls?',
} as const;

/**
 * A Word file exported by Bookwright, worked on by an editor in Word: a comment on the first plain run of
 * the first chapter with a reply to it, and a tracked insertion after that run, written into the file as
 * Word writes them (compressed, the reply naming its parent as Word 2012 does). Returns the file and the
 * words the comment is on. One fixture for the API's and the browser's round trips.
 */
export async function editAsWordEditor(exported: Uint8Array): Promise<{ edited: Uint8Array; quoted: string }> {
  const { author, inserted, comment, reply } = wordEditorEdits;
  const zip = await JSZip.loadAsync(exported);
  const documentXml = await zip.file('word/document.xml')!.async('string');
  const plainRun = /<w:r><w:t xml:space="preserve">([^<]{12,})<\/w:t><\/w:r>/;
  // After the first chapter's title paragraph.
  const bodyStart = documentXml.indexOf('</w:p>', documentXml.indexOf('w:val="Heading1"'));
  let quoted = '';
  const before = documentXml.slice(0, bodyStart);
  const after = documentXml.slice(bodyStart).replace(plainRun, (run: string, words: string) => {
    quoted = words;
    return (
      `<w:commentRangeStart w:id="90"/><w:commentRangeStart w:id="92"/>${run}<w:commentRangeEnd w:id="90"/>` +
      '<w:r><w:commentReference w:id="90"/></w:r><w:commentRangeEnd w:id="92"/>' +
      '<w:r><w:commentReference w:id="92"/></w:r>' +
      `<w:ins w:id="91" w:author="${author}" w:date="2026-11-24T15:30:00Z"><w:r><w:t xml:space="preserve">${inserted}</w:t></w:r></w:ins>`
    );
  });
  if (!quoted) throw new Error('the exported file has no plain run after its first chapter title');
  zip.file('word/document.xml', before + after);
  const comments = await zip.file('word/comments.xml')!.async('string');
  const janes =
    `<w:comment w:id="90" w:author="${author}" w:date="2026-11-24T16:00:00Z"><w:p w14:paraId="0000005A"><w:r><w:t>${comment}</w:t></w:r></w:p></w:comment>` +
    `<w:comment w:id="92" w:author="${author}" w:date="2026-11-24T16:05:00Z"><w:p w14:paraId="0000005C"><w:r><w:t>${reply}</w:t></w:r></w:p></w:comment>`;
  zip.file(
    'word/comments.xml',
    comments.includes('</w:comments>')
      ? comments.replace('</w:comments>', `${janes}</w:comments>`)
      : comments.replace(/<w:comments([^>]*)\/>/, `<w:comments$1>${janes}</w:comments>`),
  );
  zip.file(
    'word/commentsExtended.xml',
    '<w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">' +
      '<w15:commentEx w15:paraId="0000005A" w15:done="0"/><w15:commentEx w15:paraId="0000005C" w15:paraIdParent="0000005A"/>' +
      '</w15:commentsEx>',
  );
  return { edited: await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }), quoted };
}

/** A picture an editor puts into the manuscript in Word. */
export interface WordPicture {
  data: Uint8Array;
  extension: 'png' | 'jpeg' | 'gif';
  /** Word's "alt text" (the drawing's description). */
  description: string;
}

/**
 * The same exported file with pictures added in Word after the first chapter's title, each in a paragraph
 * of its own as Word writes an inline picture (a drawing naming its media part by relationship), the media
 * under word/media/ and its type declared.
 */
export async function addWordPictures(exported: Uint8Array, pictures: readonly WordPicture[]): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(exported);
  const documentXml = await zip.file('word/document.xml')!.async('string');
  const relsName = 'word/_rels/document.xml.rels';
  let rels = await zip.file(relsName)!.async('string');
  let types = await zip.file('[Content_Types].xml')!.async('string');
  const emu = 952_500;
  const paragraphs = pictures.map(({ data, extension, description }, index) => {
    const id = `rIdEditor${index + 1}`;
    const media = `editor-picture-${index + 1}.${extension}`;
    zip.file(`word/media/${media}`, data);
    rels = rels.replace(
      '</Relationships>',
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${media}"/></Relationships>`,
    );
    if (!types.includes(`Extension="${extension}"`))
      types = types.replace(
        '<Default ',
        `<Default Extension="${extension}" ContentType="image/${extension}"/><Default `,
      );
    return (
      `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">` +
      `<wp:extent cx="${emu}" cy="${emu}"/><wp:docPr id="${900 + index}" name="Picture ${index + 1}" descr="${description}"/>` +
      '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
      `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${900 + index}" name="${media}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    );
  });
  const at = documentXml.indexOf('</w:p>', documentXml.indexOf('w:val="Heading1"')) + '</w:p>'.length;
  zip.file('word/document.xml', documentXml.slice(0, at) + paragraphs.join('') + documentXml.slice(at));
  zip.file(relsName, rels);
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
