import { getSchema, Mark, type Extensions } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Code } from '@tiptap/extension-code';
import { Document } from '@tiptap/extension-document';
import { BulletList, ListItem, OrderedList, TaskItem, TaskList } from '@tiptap/extension-list';
import { TextAlign } from '@tiptap/extension-text-align';
import { StarterKit, type StarterKitOptions } from '@tiptap/starter-kit';
import type { Schema } from '@tiptap/pm/model';
import { allowedLinkSchemes } from '@bookwright/contracts/http';
import { blockMarks, Comment, Deletion, Insertion, Modification } from './review-marks';
import { SmallCaps } from './small-caps';
import { BookImage } from './image-node';

/** A link may carry no scheme (relative) or one of the spec's schemes (§5), as the server checks it. */
export function isAllowedLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim())?.[1]?.toLowerCase();
  return scheme === undefined || (allowedLinkSchemes as readonly string[]).includes(scheme);
}

/** Marks the server accepts from API clients (TiptapDocumentSchema) but the editor has no button for. */
const Subscript = Mark.create({ name: 'subscript', parseHTML: () => [{ tag: 'sub' }], renderHTML: () => ['sub', 0] });
const Superscript = Mark.create({
  name: 'superscript',
  parseHTML: () => [{ tag: 'sup' }],
  renderHTML: () => ['sup', 0],
});

/**
 * Code excludes the other formatting marks, as tiptap's does, but not a suggestion or a comment: with its
 * `_` (everything), a suggested edit inside code would go in unmarked (accepted unasked) and code could not
 * be commented on.
 */
const BookCode = Code.extend({ excludes: 'bold italic strike underline link subscript superscript smallCaps' });

type LinkOptions = Exclude<StarterKitOptions['link'], false>;

/**
 * What an editor may change of the book's extensions without changing the document they define: undo
 * (none by default: the server has no history, and a live editor takes the Collaboration extension's) and
 * how links behave under the pointer and on paste.
 */
export interface BookEditorBehaviour {
  undoRedo?: { depth: number; newGroupDelay: number } | false;
  link?: Pick<LinkOptions, 'openOnClick' | 'autolink' | 'linkOnPaste' | 'defaultProtocol'>;
}

/**
 * The tiptap extensions that define a book's document: what the server accepts as a manuscript
 * (contracts' TiptapDocumentSchema). No code blocks; headings 1 to 3; left/center/right/justify alignment;
 * task lists (nested); sub- and superscript; small capitals; links only with the allowed schemes, which open in a new tab
 * with rel="noopener noreferrer nofollow" (their default attributes, so part of every stored link);
 * suggestions (`insertion`, `deletion`, `modification`, on text and on the blocks inside any node holding
 * blocks), comment anchors (`comment`) and images stored with the book (`image`). The web editor adds only what is UI (a placeholder, the
 * suggestion plugin); the collab, gateway and export services use them as is.
 */
export function bookSchemaExtensions(behaviour: BookEditorBehaviour = {}): Extensions {
  return [
    StarterKit.configure({
      codeBlock: false,
      // Taken out to be given again with the suggestion marks allowed on their blocks (below).
      document: false,
      blockquote: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      code: false,
      heading: { levels: [1, 2, 3] },
      undoRedo: behaviour.undoRedo ?? false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: false,
        ...behaviour.link,
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLink(url),
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    Document.extend({ marks: blockMarks }),
    Blockquote.extend({ marks: blockMarks }),
    BulletList.extend({ marks: blockMarks }),
    OrderedList.extend({ marks: blockMarks }),
    ListItem.extend({ marks: blockMarks }),
    TaskList.extend({ marks: blockMarks }),
    TaskItem.extend({ marks: blockMarks }).configure({ nested: true }),
    BookCode,
    Subscript,
    Superscript,
    SmallCaps,
    Insertion,
    Deletion,
    Modification,
    Comment,
    BookImage,
  ];
}

let schema: Schema | undefined;

/** The ProseMirror schema of a book's document (built once: the extensions never change at run time). */
export function bookSchema(): Schema {
  return (schema ??= getSchema(bookSchemaExtensions()));
}
