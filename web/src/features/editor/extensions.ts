import type { Extensions } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TextAlign } from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { allowedLinkSchemes } from '@bookwright/contracts';
import { editorTexts } from '../../texts';

/** Spec §9: undo history depth 100, changes within 500 ms grouped into one step. */
export const undoDepth = 100;
export const undoGroupDelayMs = 500;

/** A link may carry no scheme (relative) or one of the spec's schemes (§5), as the server checks it. */
export function isAllowedLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim())?.[1]?.toLowerCase();
  return scheme === undefined || (allowedLinkSchemes as readonly string[]).includes(scheme);
}

/**
 * The book editor's schema: what the server accepts as bookContent (contracts' TiptapDocumentSchema), so
 * no code blocks; headings 1 to 3; left/center/right/justify alignment; task items; safe links that open
 * in a new tab with rel="noopener noreferrer nofollow".
 */
export function bookExtensions(): Extensions {
  return [
    StarterKit.configure({
      codeBlock: false,
      heading: { levels: [1, 2, 3] },
      undoRedo: { depth: undoDepth, newGroupDelay: undoGroupDelayMs },
      link: {
        openOnClick: true,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'http',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLink(url),
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Placeholder.configure({ placeholder: editorTexts.placeholder }),
  ];
}
