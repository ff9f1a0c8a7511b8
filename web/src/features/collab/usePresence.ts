import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { chapterOutline, peopleByChapter, type ChapterEntry } from './chapterPresence';
import { peopleInBook, type PresenceCursor, type PresentPerson } from './presence';

/** The people in the book, from the awareness states, as they come and go and move their carets. */
export function usePeopleInBook(awareness: Awareness | null | undefined, selfUserId: string | undefined) {
  const [people, setPeople] = useState<PresentPerson[]>([]);
  useEffect(() => {
    if (!awareness) return;
    const read = () => setPeople(peopleInBook(awareness.getStates(), selfUserId));
    // This page's own caret moves with every keystroke: only the other pages' changes are read.
    const follow = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }) => {
      if ([...added, ...updated, ...removed].some((client) => client !== awareness.clientID)) read();
    };
    read();
    awareness.on('change', follow);
    return () => awareness.off('change', follow);
  }, [awareness, selfUserId]);
  return people;
}

/** The document position of a caret's head, through the editor's Yjs binding; undefined when not mapped. */
function headPosition(editor: Editor, cursor: PresenceCursor): number | undefined {
  const sync = ySyncPluginKey.getState(editor.state) as
    | {
        doc: Y.Doc;
        type: Y.XmlFragment;
        binding?: { mapping: Parameters<typeof relativePositionToAbsolutePosition>[3] };
      }
    | undefined;
  if (!sync?.binding) return undefined;
  try {
    const position = relativePositionToAbsolutePosition(
      sync.doc,
      sync.type,
      Y.createRelativePositionFromJSON(cursor.head),
      sync.binding.mapping,
    );
    return position ?? undefined;
  } catch {
    // A caret from another page that does not resolve (yet) in this one is no caret.
    return undefined;
  }
}

export interface ChapterPresence {
  /** Undefined until the editor shows the server's document: no chapters are claimed before it came. */
  outline: ChapterEntry[] | undefined;
  /** Chapter number → the ids of the people whose caret is in it. */
  byChapter: Map<number, string[]>;
}

/**
 * The book's chapters and who is in each: read again shortly after the text or someone's caret changes
 * (later on long books, as the word count), never on every keystroke.
 */
export function useChapterPresence(editor: Editor | undefined, people: readonly PresentPerson[]): ChapterPresence {
  const [presence, setPresence] = useState<ChapterPresence>({ outline: undefined, byChapter: new Map() });
  const latest = useRef(people);
  const schedule = useRef<() => void>(undefined);
  useEffect(() => {
    if (!editor) return;
    const read = () => {
      // Under load tiptap may destroy an editor made in a render that took long to commit, and make another:
      // the destroyed one's empty document is no outline (the list waits for the one that is shown).
      if (editor.isDestroyed) return;
      const outline = chapterOutline(editor.state.doc);
      const positions = latest.current.map((person) => ({
        userId: person.userId,
        positions: person.cursors.map((cursor) => headPosition(editor, cursor)).filter((p) => p !== undefined),
      }));
      setPresence({ outline, byChapter: peopleByChapter(outline, positions) });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(read, editor.state.doc.content.size > 50_000 ? 1_000 : 250);
    };
    schedule.current = soon;
    read();
    editor.on('update', soon);
    return () => {
      clearTimeout(timer);
      schedule.current = undefined;
      editor.off('update', soon);
    };
  }, [editor]);
  // Someone moved: read again soon, with the text's changes (never once per keystroke).
  useEffect(() => {
    latest.current = people;
    schedule.current?.();
  }, [people]);
  return presence;
}
