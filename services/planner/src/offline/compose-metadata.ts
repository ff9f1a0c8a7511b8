import { cutDescription } from '@bookwright/contracts/text';
import {
  metadataSuggestionLimits,
  subjects,
  type BookLanguage,
  type BookType,
  type Genre,
} from '@bookwright/contracts/http';
import { bankFor } from '@bookwright/offline';

/** What the metadata suggestion is made from: the plan and the manuscript. */
export interface MetadataGrounding {
  book: { title: string; genre: Genre; bookType: BookType };
  language: BookLanguage;
  themes: string[];
  premise: string;
  names: string[];
  manuscriptExcerpt: string;
}

/** Offline genre → the product's subject list (the first two or three are the suggestion). */
const subjectsByGenre: Record<string, string[]> = {
  fantasy: ['Fiction / Fantasy', 'Fiction / Action & Adventure'],
  'science fiction': ['Fiction / Science Fiction', 'Fiction / Action & Adventure'],
  mystery: ['Fiction / Mystery & Detective', 'Fiction / Thrillers'],
  thriller: ['Fiction / Thrillers', 'Fiction / Mystery & Detective'],
  romance: ['Fiction / Romance', 'Fiction / Literary'],
  horror: ['Fiction / Horror', 'Fiction / Thrillers'],
  'historical fiction': ['Fiction / Historical', 'Fiction / Literary'],
  'young adult': ['Young Adult Fiction / Coming of Age', 'Young Adult Fiction / Fantasy'],
  dystopic: ['Young Adult Fiction / Dystopian', 'Fiction / Science Fiction'],
  adventure: ['Fiction / Action & Adventure', 'Fiction / Literary'],
  'self-help': ['Self-Help / Personal Growth', 'Self-Help / Habits'],
  business: ['Business & Economics / Entrepreneurship', 'Business & Economics / Leadership'],
  economics: ['Business & Economics / Personal Finance', 'Business & Economics / Management'],
  biography: ['Biography & Autobiography / Personal Memoirs', 'Biography & Autobiography / Historical'],
  history: ['History / World', 'History / Europe'],
  science: ['Science / Biology', 'Science / Physics'],
  cooking: ['Cooking / General', 'Cooking / Regional & Ethnic'],
  travel: ['Travel / Guidebooks', 'Travel / Europe'],
  health: ['Health & Fitness / Diet & Nutrition', 'Health & Fitness / Exercise'],
  philosophy: ['Philosophy / Ethics', 'Philosophy / Western'],
  education: ['Education / Study Skills', 'Education / Teaching'],
  technology: ['Technology / Computers', 'Technology / Artificial Intelligence'],
};

/**
 * The metadata suggestion without a model: built from the plan and the manuscript, so the flow runs offline.
 * Every phrase of its own is from the book language's bank (a German book gets German sentences), and says
 * it is a demo.
 */
export function composeMetadata(task: MetadataGrounding): unknown {
  const bank = bankFor(task.language);
  const { book } = task;
  const kind = book.bookType === 'fiction' ? bank.demo.fiction : bank.demo.nonFiction;
  const picked = subjectsByGenre[book.genre] ?? ['Fiction / Literary', 'Fiction / Short Stories'];
  // Store categories are BISAC subjects, English in every store: they stay as the list spells them.
  const categories = picked.filter((s) => subjects.includes(s)).slice(0, 3);
  const excerpt = task.manuscriptExcerpt.replace(/\s+/g, ' ').trim().slice(0, 600);
  const names = task.names.slice(0, 4).join(', ');
  const description = [
    `<p><strong>${escape(book.title)}</strong> — ${escape(task.premise || kind)}</p>`,
    names ? `<p>${escape(bank.demo.cast.replace('{names}', names))}</p>` : '',
    excerpt ? `<p><em>${escape(excerpt)}…</em></p>` : '',
    `<p>${escape(bank.demo.description)}</p>`,
  ].join('');
  const keywords = [...task.themes, ...task.names].map((k) => k.trim().toLowerCase().slice(0, 50)).filter(Boolean);
  const theme = task.themes[0]?.trim();
  return {
    // The shape the metadata form edits (the contract's sanitiser), within KDP's limit in visible characters.
    description: cutDescription(description, metadataSuggestionLimits.descriptionChars),
    keywords: [...new Set(keywords)].slice(0, 7),
    categories,
    subtitle: (theme ? `${kind}: ${theme}` : kind).slice(0, 300),
  };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
