import {
  AppError,
  bookLanguages,
  hasPlan,
  nativeLanguageName,
  suggestedTranslationTitle,
  translationMessages,
  translationTitleMaxChars,
  type BookLanguage,
  type TranslationTitleSuggestion,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { LlmError } from '@bookwright/ai';
import { z } from 'zod';
import { checkedModelTitle } from '../domain/translation-title';
import type { PlannerHandlerDeps } from './deps';

/** What the model is asked for; checkedModelTitle decides whether the product can use it. */
const ModelAnswerSchema = z.object({ title: z.string() });

/**
 * How long the dialog's suggestion waits for the model before it settles for the model-free one: a title is
 * a few tokens, and a model slower than this is failing (the gateway waits a little longer than this).
 */
export const translationTitleModelWaitMs = 20_000;

const englishName = (language: BookLanguage) => bookLanguages.find((l) => l.value === language)!.label;

/**
 * POST /book/{id}/translation-title: a title for the book's translation into `language`. The model's when
 * one is configured and the author has a plan; otherwise, and whenever the model fails or answers something
 * that is not a usable title, the model-free suggestion (the original's title with the language named), so
 * the dialog always has a title to show. Saves nothing.
 */
export function suggestTranslationTitle(deps: PlannerHandlerDeps) {
  return async ({
    userId,
    bookId,
    language,
  }: {
    userId: string;
    bookId: string;
    language: BookLanguage;
  }): Promise<TranslationTitleSuggestion> => {
    const { ownerId } = await deps.bus.request(
      requests.book.access,
      { userId, bookId, action: 'manage' },
      { timeoutMs: 30_000 },
    );
    const book = await deps.bus.request(requests.book.get, { userId, bookId, action: 'manage' }, { timeoutMs: 30_000 });
    if (book.language === language) throw new AppError(400, translationMessages.sameLanguage);
    const suggestion: TranslationTitleSuggestion = {
      title: suggestedTranslationTitle(book.title, language),
      source: 'suggestion',
    };
    // Demo mode has no model to ask: its answer would be made-up text dressed as AI.
    if (deps.llm.name === 'offline') return suggestion;
    // A model call is a plan feature, like the translation it prepares.
    const summary = await deps.bus.request(requests.billing.getSummary, { userId: ownerId }, { timeoutMs: 30_000 });
    if (!hasPlan(summary)) return suggestion;
    const messages = [
      {
        role: 'system' as const,
        content: [
          'You title translated books. Given a book title and the language the book is being translated into,',
          `answer JSON { "title": … }: the title as a publisher in that language would print it, at most ${translationTitleMaxChars} characters,`,
          'on one line, with no quotation marks, no markup and no explanation. Keep names of people and places as they are',
          'unless the language has an established form of them.',
        ].join(' '),
      },
      {
        role: 'user' as const,
        content: [
          `Title: ${book.title}`,
          `Original language: ${englishName(book.language)}`,
          `Translate into: ${englishName(language)} (${nativeLanguageName(language)})`,
          `Genre: ${book.genre}`,
        ].join('\n'),
      },
    ];
    try {
      const { value } = await deps.llm.generateStructured(ModelAnswerSchema, 'translation_title', messages, {
        bookId,
        temperature: 0.4,
        maxTokens: 200,
        signal: AbortSignal.timeout(translationTitleModelWaitMs),
        task: { kind: 'translation-title', title: book.title, sourceLanguage: book.language, language },
        // No made-up "AI" title: without a model the answer is the model-free suggestion (decision 0023).
        offline: () => ({ title: suggestion.title }),
      });
      const title = checkedModelTitle(value.title, book.title);
      if (title) return { title, source: 'model' };
      deps.logger.warn({ bookId, language }, 'translation title: the model answered no usable title');
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      deps.logger.warn({ bookId, language, err: error }, 'translation title: the model failed');
    }
    return suggestion;
  };
}
