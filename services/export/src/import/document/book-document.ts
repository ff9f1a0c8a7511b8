import { TiptapDocumentSchema, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { bookSchema } from '@bookwright/manuscript';

/**
 * The imported document checked against the editor's own schema (@bookwright/manuscript: the extensions
 * the editor runs) and against the stored form the book service accepts, its marks in the schema's order
 * as the editor would write them. A node the schema cannot hold is a bug of the readers, never the file's.
 */
export function bookDocument(content: TiptapNode[]): TiptapDocument {
  const schema = bookSchema();
  const order = Object.keys(schema.marks);
  const rank = (type: string) => order.indexOf(type);
  const ordered = (node: TiptapNode): TiptapNode => {
    const next: TiptapNode = { ...node };
    if (node.marks && node.marks.length > 1)
      next.marks = [...(node.marks as { type: string }[])].sort((a, b) => rank(a.type) - rank(b.type));
    if (node.content) next.content = node.content.map(ordered);
    return next;
  };
  const json = { type: 'doc', content: content.map(ordered) };
  // Throws (RangeError) on a node or mark the editor does not know, or content its schema does not allow.
  const node = schema.nodeFromJSON(json);
  node.check();
  return TiptapDocumentSchema.parse(node.toJSON());
}
