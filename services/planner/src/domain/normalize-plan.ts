import { isFictionState, type BookState } from '@bookwright/contracts/http';

/**
 * Models number chapters per act, skip numbers or repeat them; the writer and the review screen want
 * one continuous reading order, so numbers are rewritten from the order the chapters appear in.
 */
export function normalizePlan(state: BookState): BookState {
  let chapterNumber = 0;
  if (isFictionState(state)) {
    return {
      ...state,
      plotOutline: {
        acts: state.plotOutline.acts.map((act, index) => ({
          ...act,
          actNumber: index + 1,
          chapters: act.chapters.map((chapter) => ({ ...chapter, chapterNumber: (chapterNumber += 1) })),
        })),
      },
    };
  }
  return {
    ...state,
    contentOutline: {
      ...state.contentOutline,
      sections: state.contentOutline.sections.map((section, index) => ({
        ...section,
        sectionNumber: index + 1,
        chapters: section.chapters.map((chapter) => ({ ...chapter, chapterNumber: (chapterNumber += 1) })),
      })),
    },
  };
}
