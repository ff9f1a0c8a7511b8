import type {
  Character,
  ContentChapter,
  FictionBookState,
  NonFictionBookState,
  PlotChapter,
} from '@bookwright/contracts/http';

/** Chapters are numbered through the whole book (across acts or sections), as the planner numbers them. */
export function renumberPlot(state: FictionBookState): void {
  let number = 0;
  for (const act of state.plotOutline.acts) for (const chapter of act.chapters) chapter.chapterNumber = ++number;
}

export function renumberContent(state: NonFictionBookState): void {
  let number = 0;
  for (const section of state.contentOutline.sections)
    for (const chapter of section.chapters) chapter.chapterNumber = ++number;
}

export const newCharacter = (): Character => ({ name: '', role: '', arc: '', personality: '', backstory: '' });
export const newPlotChapter = (): PlotChapter => ({ chapterNumber: 1, title: '', purpose: '', summary: '' });
export const newContentChapter = (): ContentChapter => ({ chapterNumber: 1, title: '', summary: '', keyPoints: [] });
export const newTopic = () => ({ title: '', query: '', summary: '', tags: [] as string[] });
