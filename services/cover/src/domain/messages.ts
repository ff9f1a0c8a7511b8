/** The cover generation answers of spec §8 (the web shows its own toast by status; these are the {msg}s). */
export const generationMessages = {
  /** 400: the provider refused the request (content policy, invalid input). */
  invalidRequest: 'Invalid request. Please check your cover generation settings.',
  /** 429: our per-user limit, or the provider's. */
  rateLimited: 'Rate limit exceeded. Please try again in a few minutes.',
  /** 502: the provider failed, timed out or answered something unusable. */
  providerUnavailable: 'The image service is not answering right now. Please try again later.',
  /** 500: our side (configuration, storage). */
  serverError: 'Server error. Please try again later.',
  /** 409: the same request id while its generation is still running. */
  inProgress: 'This cover is still being generated.',
} as const;
