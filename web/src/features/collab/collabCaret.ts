import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';
import { presenceUserOf } from './presence';
import { presenceColorOf, presenceStyleText } from './presenceColors';

export interface CollabCaretOptions {
  /** The provider's awareness: where the other pages' carets come from and this page's goes. */
  awareness: Awareness | null;
  /** The reader: their own other pages draw no caret here (the header does not list them either). */
  selfUserId: string | undefined;
}

/**
 * Another person's caret: a line in their colour with their name over it. Hidden from screen readers, which
 * would read the names in the middle of the text: the header's avatars say who is here.
 */
export function caretElement(user: unknown): HTMLElement {
  const person = presenceUserOf({ user });
  const caret = document.createElement('span');
  caret.className = 'collab-caret presence';
  caret.setAttribute('aria-hidden', 'true');
  caret.dataset['testid'] = 'collab-caret';
  if (person) {
    caret.setAttribute('style', presenceStyleText(presenceColorOf(person.id)));
    caret.dataset['userId'] = person.id;
    caret.dataset['userName'] = person.name;
  }
  const label = document.createElement('span');
  label.className = 'collab-caret-label';
  label.textContent = person?.name ?? '';
  // Word joiners around the label keep the caret from breaking the line it sits in (as y-prosemirror's own).
  caret.append('\u2060', label, '\u2060');
  return caret;
}

/** Their selection, tinted with their colour. */
export function selectionAttributes(user: unknown): { class: string; style?: string; 'data-user-id'?: string } {
  const person = presenceUserOf({ user });
  return person
    ? {
        class: 'collab-selection presence',
        style: presenceStyleText(presenceColorOf(person.id)),
        'data-user-id': person.id,
      }
    : { class: 'collab-selection' };
}

/**
 * The awareness as the cursor plugin sees it, with one difference: the page's caret stays where it was when the
 * editor loses focus (y-tiptap takes it away then), so the others still see where the person is, in the text
 * and in the chapter list, while they click the side panel or look at another window. The page's state goes
 * when the page does (the provider's destroy, or its pagehide).
 */
export function keepingCaretOnBlur(awareness: Awareness): Awareness {
  return new Proxy(awareness, {
    get(target, property) {
      if (property === 'setLocalStateField') {
        return (field: string, value: unknown) => {
          if (field === 'cursor' && value === null) return;
          target.setLocalStateField(field, value);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The carets and selections of the other people in a live book, over y-tiptap's cursor plugin (ours, since
 * the packaged @tiptap/extension-collaboration-caret lags this tiptap). It needs the Collaboration
 * extension's sync plugin, which maps the carets' Yjs positions to the document's.
 */
export const CollabCaret = Extension.create<CollabCaretOptions>({
  name: 'collabCaret',

  addOptions() {
    return { awareness: null, selfUserId: undefined };
  },

  addProseMirrorPlugins() {
    const { awareness, selfUserId } = this.options;
    if (!awareness) return [];
    return [
      yCursorPlugin(keepingCaretOnBlur(awareness), {
        awarenessStateFilter: (currentClient: number, client: number, state: unknown) => {
          if (currentClient === client) return false;
          const person = presenceUserOf(state);
          return person !== undefined && person.id !== selfUserId;
        },
        cursorBuilder: caretElement,
        selectionBuilder: selectionAttributes,
      }),
    ];
  },
});
