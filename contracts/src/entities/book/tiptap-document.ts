import { z } from 'zod';
import { parseBookImageUrl, parseImportedImageSrc } from '../../http/book-images/book-images';

/**
 * The editor document (tiptap / ProseMirror JSON) as stored in `bookContent`. Only the nodes and marks
 * the book editor can produce are accepted, so exports and the editor never meet an unknown node.
 */
export const allowedLinkSchemes = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;

const textAlign = z.enum(['left', 'center', 'right', 'justify']).nullable().optional();

const LinkMarkSchema = z.object({
  type: z.literal('link'),
  attrs: z
    .object({
      href: z
        .string()
        .max(2_000)
        .refine((href) => {
          const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
          return scheme === undefined || (allowedLinkSchemes as readonly string[]).includes(scheme);
        }, 'Links must use http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp'),
      target: z.string().nullable().optional(),
      rel: z.string().nullable().optional(),
      class: z.string().nullable().optional(),
    })
    .loose(),
});

/**
 * A suggestion's id (@handlewithcare/prosemirror-suggest-changes): the library counts from 1 by default,
 * and allows a string as well.
 */
const SuggestionIdSchema = z.union([z.number().int().nonnegative(), z.string().min(1).max(100)]);

/**
 * The suggestion marks (issue 44, decision 0043), with exactly the attributes the library's marks have:
 * text or a block suggested in (`insertion`) or out (`deletion`), and a node's attribute, mark or type
 * suggested changed (`modification`, holding the value before and after).
 */
const SuggestionMarkSchema = z.union([
  z.object({ type: z.enum(['insertion', 'deletion']), attrs: z.strictObject({ id: SuggestionIdSchema }) }),
  z.object({
    type: z.literal('modification'),
    attrs: z.strictObject({
      id: SuggestionIdSchema,
      type: z.enum(['attr', 'mark', 'nodeType']),
      attrName: z.string().min(1).max(100).nullable().optional(),
      previousValue: z.json().optional(),
      newValue: z.json().optional(),
    }),
  }),
]);

/** A comment's anchor: the text a comment (a row of the book's comments) is about. */
const CommentMarkSchema = z.object({
  type: z.literal('comment'),
  attrs: z.strictObject({ commentId: z.string().min(1).max(100) }),
});

const MarkSchema = z.union([
  z.object({
    type: z.enum(['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'smallCaps']),
  }),
  LinkMarkSchema,
  SuggestionMarkSchema,
  CommentMarkSchema,
]);

/**
 * The marks of one run of text: nine formatting marks and a suggestion at most, and any number of
 * comments overlapping there (a live document holding them must still save), within reason.
 */
const textMarks = z.array(MarkSchema).max(64).optional();

/** The marks a block may carry inside another (an inserted list item, a heading's level changed): suggestions. */
const blockMarks = z.array(SuggestionMarkSchema).max(16).optional();

export const TextNodeSchema = z.object({
  type: z.literal('text'),
  text: z.string().min(1),
  marks: textMarks,
});

export type TiptapNode = {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: TiptapNode[] | undefined;
  text?: string | undefined;
  marks?: unknown[] | undefined;
};

/**
 * An image inside a chapter: a block naming one of a book's stored images by the URL the gateway serves it
 * at (never an outside URL, which a reader's app would fetch, and never the bytes themselves); or, in a
 * converted manuscript on its way to its new book, the image waiting for it (`imported:{imageId}`).
 */
const ImageNodeSchema = z.object({
  type: z.literal('image'),
  attrs: z
    .object({
      src: z
        .string()
        .refine(
          (src) => parseBookImageUrl(src) !== null || parseImportedImageSrc(src) !== null,
          'An image must be one stored with the book',
        ),
      alt: z.string().max(2_000).nullable().optional(),
      /** The width in the editor and in print, as a share of the text block (1–100 %); null is as wide as fits. */
      width: z.number().int().min(1).max(100).nullable().optional(),
    })
    .loose(),
  marks: blockMarks,
});

const blockAttrs = z.object({ textAlign }).loose().optional();

export const TiptapNodeSchema: z.ZodType<TiptapNode> = z.lazy(() =>
  z.union([
    TextNodeSchema,
    z.object({
      type: z.literal('paragraph'),
      attrs: blockAttrs,
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({ level: z.number().int().min(1).max(6), textAlign }).loose(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.enum(['bulletList', 'blockquote']),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().optional() }).loose().optional(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.literal('listItem'),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.literal('taskList'),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    z.object({
      type: z.literal('taskItem'),
      attrs: z
        .object({ checked: z.boolean().default(false) })
        .loose()
        .optional(),
      marks: blockMarks,
      content: z.array(TiptapNodeSchema).optional(),
    }),
    // A line break is inline (its marks are a text's); a rule is a block.
    z.object({ type: z.literal('hardBreak'), attrs: z.record(z.string(), z.unknown()).optional(), marks: textMarks }),
    z.object({
      type: z.literal('horizontalRule'),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: blockMarks,
    }),
    ImageNodeSchema,
  ]),
);

export const TiptapDocumentSchema = z.object({
  type: z.literal('doc'),
  content: z.array(TiptapNodeSchema),
});
export type TiptapDocument = z.infer<typeof TiptapDocumentSchema>;

/** The plain text of a document, blocks separated by blank lines: the page estimate counts this. */
export function documentText(node: TiptapNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const parts = (node.content ?? []).map(documentText);
  const isBlockContainer =
    node.type === 'doc' ||
    node.type.endsWith('List') ||
    node.type === 'listItem' ||
    node.type === 'taskItem' ||
    node.type === 'blockquote';
  return parts.join(isBlockContainer ? '\n\n' : '');
}

export const emptyDocument: TiptapDocument = { type: 'doc', content: [] };
