import { coverMessages } from '@bookwright/contracts/http';
import { isApiError } from '../../api/baseQuery';
import { coverTexts } from './texts';

/** The toast of a failed cover generation, by HTTP status (spec §8). */
export function coverGenerationFailureMessage(error: unknown): string {
  switch (isApiError(error) ? error.status : 0) {
    case 403:
      return coverMessages.limitReached;
    case 429:
      return coverTexts.rateLimited;
    case 400:
      return coverTexts.invalidRequest;
    case 500:
      return coverTexts.serverError;
    default:
      return coverTexts.generationFailure;
  }
}
