import type { Editor } from '@tiptap/core';
import type { Awareness } from 'y-protocols/awareness';
import { ChapterList } from './ChapterList';
import { PresenceAvatars } from './PresenceAvatars';
import { useChapterPresence, usePeopleInBook } from './usePresence';

/**
 * The header's avatars, following the awareness on their own: the workspace around them does not re-render
 * when someone moves their caret.
 */
export function LiveAvatars({
  awareness,
  selfUserId,
}: {
  awareness: Awareness | null | undefined;
  selfUserId?: string;
}) {
  return <PresenceAvatars people={usePeopleInBook(awareness, selfUserId)} />;
}

/** The side panel's chapter list, with who is where, following the text and the awareness on its own. */
export function LiveChapters({
  editor,
  awareness,
  selfUserId,
}: {
  editor: Editor | undefined;
  awareness: Awareness | null | undefined;
  selfUserId?: string | undefined;
}) {
  const people = usePeopleInBook(awareness, selfUserId);
  const presence = useChapterPresence(editor, people);
  const goTo = (position: number) => {
    // Into the chapter's heading, and into view: the reader's caret is where the others see it.
    editor
      ?.chain()
      .focus()
      .setTextSelection(position + 1)
      .scrollIntoView()
      .run();
  };
  return <ChapterList presence={presence} people={people} onGoTo={goTo} />;
}
