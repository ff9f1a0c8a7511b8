import { Mark, mergeAttributes } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    smallCaps: {
      toggleSmallCaps: () => ReturnType;
    };
  }
}

/** A CSS value that sets lowercase letters as small capitals (`all-small-caps` sets capitals so too). */
const isSmallCapsValue = (value: string): boolean => /(^|\s)(all-)?small-caps(\s|$)/i.test(value);

/**
 * Small capitals (issue 46: a Word or EPUB manuscript keeps them on import): a span of class `small-caps`,
 * as the EPUB writes it. Pasted text keeps them from that class or from a `font-variant` (or
 * `font-variant-caps`) style, the way Word and web pages hand them over. Ctrl/Cmd+Shift+K, as in Word.
 */
export const SmallCaps = Mark.create({
  name: 'smallCaps',

  parseHTML() {
    const fromStyle = (value: string) => (isSmallCapsValue(value) ? null : false);
    return [
      { tag: 'span.small-caps' },
      { style: 'font-variant', getAttrs: fromStyle },
      { style: 'font-variant-caps', getAttrs: fromStyle },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: 'small-caps' }), 0];
  },

  addCommands() {
    return {
      toggleSmallCaps:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },

  addKeyboardShortcuts() {
    return { 'Mod-Shift-k': () => this.editor.commands.toggleSmallCaps() };
  },
});
