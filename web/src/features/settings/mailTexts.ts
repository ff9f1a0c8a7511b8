/** Settings › Preferences › Mail: the switches the server keeps on the account (issue 44). */
export const mailSettingsTexts = {
  heading: 'Mail',
  note: 'Saved to your account, on every device.',
  comments: 'Mail me about comments',
  commentsHint:
    'When someone mentions you in a comment on a shared book, or replies in a thread you wrote in. At most one mail per book every 10 minutes.',
  failed: 'Could not save your mail setting. Please try again.',
} as const;
