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
