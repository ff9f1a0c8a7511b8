import {
  AppError,
  hasPlan,
  documentText,
  errorScreens,
  isFictionState,
  metadataSuggestionLimits as limits,
  metadataSuggestionMessages,
  MetadataSuggestionSchema,
  subjects,
  TiptapDocumentSchema,
  bookTypeOf,
  type Book,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { cutDescription, descriptionAllowedTags } from '@bookwright/contracts/text';
import { LlmError } from '@bookwright/ai';
import { printedManuscript } from '@bookwright/manuscript';
import { z } from 'zod';
import type { PlannerHandlerDeps } from './deps';
import { composeMetadata, type MetadataGrounding } from '../offline/compose-metadata';

/** What the model is asked for; the product's own checks (MetadataSuggestionSchema) come after. */
const ModelAnswerSchema = z.object({
  description: z.string(),
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
  subtitle: z.string(),
});

const excerptChars = 6_000;

/**
 * The start of the manuscript and a slice of its middle: enough to ground a blurb in the actual text, as it
 * is printed (an open suggestion is not the book's text yet).
 */
function manuscriptExcerpt(bookContent: string | null): string {
  if (!bookContent) return '';
  const parsed = TiptapDocumentSchema.safeParse(JSON.parse(bookContent));
  if (!parsed.success) return '';
  const text = documentText(printedManuscript(parsed.data)).replace(/\n{3,}/g, '\n\n');
  if (text.length <= excerptChars) return text;
  const half = excerptChars / 2;
  const middle = Math.floor(text.length / 2);
  return `${text.slice(0, half)}\n[…]\n${text.slice(middle, middle + half)}`;
}

function groundingOf(book: Book) {
  const state = book.bookState;
  if (!state) throw new AppError(409, metadataSuggestionMessages.notReady);
  const idea = state.expandedIdea;
  const names = isFictionState(state) ? state.characters.map((c) => c.name).filter(Boolean) : [];
  const outline = isFictionState(state)
    ? state.plotOutline.acts.flatMap((a) => a.chapters.map((c) => `${c.title}: ${c.summary}`))
    : state.contentOutline.sections.flatMap((s) => s.chapters.map((c) => `${c.title}: ${c.summary}`));
  return {
    themes: idea.themes,
    premise: idea.centralConflict,
    names,
    outline: outline.slice(0, 40),
    excerpt: manuscriptExcerpt(book.bookContent),
  };
}

/** Keeps what the model got right: known subjects, keywords within KDP's limits. */
function tidy(answer: z.infer<typeof ModelAnswerSchema>) {
  const known = answer.categories.map((c) => c.trim()).filter((c) => subjects.includes(c));
  return {
    // Cut by visible characters on the parsed description: a cut in the raw text could split a tag.
    description: cutDescription(answer.description, limits.descriptionChars),
    keywords: [
      ...new Set(answer.keywords.map((k) => k.trim()).filter((k) => k && k.length <= limits.keywordChars)),
    ].slice(0, limits.keywords),
    categories: [...new Set(known)].slice(0, limits.maxCategories),
    subtitle: answer.subtitle.trim().slice(0, limits.subtitleChars),
  };
}

/** POST /book/{id}/metadata/suggest: store metadata from the plan and the manuscript. Saves nothing. */
export function suggestMetadata(deps: PlannerHandlerDeps) {
  return async ({ userId, bookId }: { userId: string; bookId: string }) => {
    // The access module first (a book one has no role on is a 404 whatever the plan), then the plan of the
    // book's payer: AI metadata is a plan feature, paid by the owner whoever of its people asks.
    const { ownerId } = await deps.bus.request(
      requests.book.access,
      { userId, bookId, action: 'manage' },
      { timeoutMs: 30_000 },
    );
    const book = await deps.bus.request(requests.book.get, { userId, bookId, action: 'manage' }, { timeoutMs: 30_000 });
    const summary = await deps.bus.request(requests.billing.getSummary, { userId: ownerId }, { timeoutMs: 30_000 });
    if (!hasPlan(summary)) throw new AppError(402, errorScreens[402].description);
    const grounding = groundingOf(book);
    const messages = [
      {
        role: 'system' as const,
        content: [
          'You write store metadata for a book about to be published on Amazon KDP.',
          `Answer JSON: description (simple HTML: ${descriptionAllowedTags.map((t) => `<${t}>`).join(', ')} only; at most ${limits.descriptionChars} characters of text),`,
          `keywords (at most ${limits.keywords}, each at most ${limits.keywordChars} characters, search phrases readers type),`,
          `categories (${limits.minCategories} or ${limits.maxCategories}, copied exactly from the list below), subtitle (one line).`,
          'Base everything on the plan and the manuscript excerpt, never on the title alone. Do not invent plot points.',
          `Subjects:\n${subjects.join('\n')}`,
        ].join('\n'),
      },
      {
        role: 'user' as const,
        content: [
          `Title: ${book.title}`,
          `Genre: ${book.genre}; language: ${book.language}; audience: ${book.targetAudience}`,
          `Premise: ${grounding.premise}`,
          `Themes: ${grounding.themes.join(', ')}`,
          grounding.names.length ? `Characters: ${grounding.names.join(', ')}` : '',
          `Outline:\n${grounding.outline.join('\n')}`,
          `Manuscript excerpt:\n${grounding.excerpt}`,
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ];
    const metadataGrounding: MetadataGrounding = {
      book: { title: book.title, genre: book.genre, bookType: bookTypeOf(book.genre) },
      language: book.language,
      themes: grounding.themes,
      premise: grounding.premise,
      names: grounding.names,
      manuscriptExcerpt: grounding.excerpt,
    };
    try {
      const { value } = await deps.llm.generateStructured(ModelAnswerSchema, 'book_metadata', messages, {
        bookId,
        temperature: 0.6,
        task: { kind: 'metadata', ...metadataGrounding },
        offline: () => composeMetadata(metadataGrounding),
      });
      const checked = MetadataSuggestionSchema.safeParse(tidy(value));
      if (!checked.success) {
        deps.logger.warn({ bookId, issues: checked.error.issues }, 'metadata suggestion failed the checks');
        throw new AppError(502, metadataSuggestionMessages.failed);
      }
      return checked.data;
    } catch (error) {
      if (error instanceof LlmError) {
        deps.logger.warn({ bookId, err: error }, 'metadata suggestion: the model failed');
        throw new AppError(502, metadataSuggestionMessages.failed);
      }
      throw error;
    }
  };
}
