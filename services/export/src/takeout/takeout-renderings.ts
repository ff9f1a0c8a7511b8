import { parseBookImageUrl, TiptapDocumentSchema } from '@bookwright/contracts/http';
import { printedManuscript } from '@bookwright/manuscript';
import { manuscriptMarkdown } from './manuscript-markdown';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A document that does not convert still leaves the author a file that says where the text is. */
export function markdownOf(
  content: string,
  onError: (error: unknown) => void,
  imagePaths: Readonly<Record<string, string>> = {},
): string {
  // A book's image is written as the path the zip keeps it under; one the zip does not hold is left out.
  const imagePath = (src: string) => imagePaths[parseBookImageUrl(src)?.imageId ?? ''] ?? null;
  try {
    return manuscriptMarkdown(TiptapDocumentSchema.parse(JSON.parse(content)), { imagePath });
  } catch (error) {
    onError(error);
    return 'This text could not be converted to Markdown. The whole document is in the .json file beside this one.\n';
  }
}

/**
 * The stored document in its printed form (open suggestions rejected, comment anchors out: the comments
 * are in comments.json), indented. A document the contract no longer accepts is written as stored, and
 * the text of one that is not JSON stays as it was stored.
 */
export function documentJson(content: string): string {
  let stored: unknown;
  try {
    stored = JSON.parse(content);
  } catch {
    return content;
  }
  const document = TiptapDocumentSchema.safeParse(stored);
  if (!document.success) return json(stored);
  const printed = printedManuscript(document.data);
  // Nothing under review: the document exactly as stored (not as the contract reads it).
  return json(printed === document.data ? stored : printed);
}
