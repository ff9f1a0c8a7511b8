import { isFictionState } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { requirePlan } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { readOwned } from '../domain/owned-book';

/** The plan around a passage being rewritten: the characters and, when the editor names it, the chapter's outline. */
export function getRewriteContext(deps: BookHandlerDeps) {
  return async ({ userId, bookId, chapterTitle }: z.output<(typeof requests.book.rewriteContext)['request']>) => {
    // The gateway asks this before any rewrite streams: AI rewriting is a plan feature, of the book's payer.
    const { row: book } = await readOwned(deps, { userId, bookId, action: 'manage', planFree: true });
    await requirePlan(deps, book.user_id);
    const state = book.book_state;
    const wanted = chapterTitle?.trim().toLowerCase();
    let chapterOutline: string | null = null;
    let characters: { name: string; role: string }[] = [];
    if (state && isFictionState(state)) {
      characters = state.characters.map((c) => ({ name: c.name, role: c.role }));
      const chapter = state.plotOutline.acts
        .flatMap((a) => a.chapters)
        .find((c) => wanted && wanted.includes(c.title.trim().toLowerCase()));
      if (chapter) chapterOutline = [chapter.title, chapter.purpose, chapter.summary].filter(Boolean).join('\n');
    } else if (state) {
      const chapter = state.contentOutline.sections
        .flatMap((s) => s.chapters)
        .find((c) => wanted && wanted.includes(c.title.trim().toLowerCase()));
      if (chapter) chapterOutline = [chapter.title, chapter.summary, ...chapter.keyPoints].filter(Boolean).join('\n');
    }
    return { title: book.title, genre: book.genre, language: book.language, characters, chapterOutline };
  };
}
