import type { BookLanguage, BookType, Genre } from '@bookwright/contracts/http';

/**
 * What the writer asks the model for, in structured form. The prompts are made from the same data; the
 * offline composers (src/offline) answer from it alone, and the service tests' fake model reads it. Type
 * aliases, not interfaces, so that each is an LlmTask of the port (an open record with a `kind`).
 */
export type ChapterPartTask = {
  kind: 'chapter-part';
  book: {
    title: string;
    genre: Genre;
    language: BookLanguage;
    targetAudience: string;
    bookType: BookType;
    /** Names from the plan's cast (fiction), so composed text can use the author's edited names. */
    characterNames?: string[];
  };
  chapter: { number: number; total: number; title: string; part: string; brief: string; keyPoints: string[] };
  /** 1-based part of the chapter being written, of partsTotal. */
  partNumber: number;
  partsTotal: number;
  targetWords: number;
  /** The end of what is already written of this chapter, for continuity. */
  previousTail: string;
};

/** A written chapter's summary and facts (the answer is ChapterFacts). */
export type ChapterFactsTask = {
  kind: 'chapter-facts';
  chapterNumber: number;
  chapterTitle: string;
  language: BookLanguage;
  text: string;
};

/**
 * Segments of one chapter translated (the answer is TranslatedSegments). `title` segments are chapter
 * titles; `text` segments may hold inline tags (⟦1⟧…⟦/1⟧, ⟦br⟧) that the answer must keep.
 */
export type TranslateTask = {
  kind: 'translate';
  sourceLanguage: BookLanguage;
  language: BookLanguage;
  chapterNumber: number;
  /** 0 for the first call of the chapter, then 1, 2, … */
  batch: number;
  segments: { role: 'title' | 'text'; text: string }[];
  glossary: { term: string; kind: 'character' | 'place' | 'term' }[];
};

export type WriterTask = ChapterPartTask | ChapterFactsTask | TranslateTask;
