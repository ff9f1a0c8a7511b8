/** Messages of the confirmation (confirm.ts) and the retry (retry.ts). */
export const lifecycleMessages = {
  noChapters: 'The plan has no chapters yet. Add at least one chapter before confirming.',
  retryRaced: 'This book was retried at the same time from somewhere else. Reload the library.',
} as const;
