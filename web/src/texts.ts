/**
 * Texts of the product spec (§2, §4, §5, §8) that only the web shows. Texts the server also uses come from
 * '@bookwright/contracts'; everything here is written exactly as the spec gives it.
 */
export const productName = 'Bookwright';
export const tagline = 'AI-powered book creation platform for modern authors';

export const authTexts = {
  signingIn: 'Signing in...',
  creatingAccount: 'Creating account...',
  continueWith: 'Continue with',
  /** Shown when a failed call carries no msg of its own. */
  fallbackError: 'We encountered an unexpected error. Please try again later',
} as const;

export const forgotPasswordTexts = {
  submit: 'Send Recovery Link',
  sending: 'Sending...',
  sent: 'Link Sent!',
  success: "Check your inbox! We've sent you a link to reset your password.",
  failure: 'Failed to send password reset link. Please try again.',
} as const;

export const resetPasswordTexts = {
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  incomplete: 'Please complete all the fields',
  success: 'Password reset successfully! Redirecting you to login...',
  failure: 'Failed to reset password. Please try again.',
  /** The spec's redirect delay after a successful reset (§9). */
  redirectDelayMs: 2000,
} as const;

export const planTexts = {
  getStarted: 'Get Started',
  loading: 'Loading...',
  mostPopular: 'Most Popular',
  custom: 'Custom',
  contactSales: 'Contact Sales',
  checkoutFailure: 'Error initiating checkout. Please try again.',
} as const;

export const successTexts = {
  title: `Welcome in ${productName}`,
  body: 'Your subscription is now active... time to write your first book!',
  startWriting: 'Start Writing',
} as const;

export const shellTexts = {
  signOut: 'Sign Out',
  home: 'Home',
  searchBooks: 'Search books',
  yourLibrary: 'YOUR LIBRARY',
  settings: 'Settings',
  notifications: 'Notifications',
  helpAndSupport: 'Help & Support',
  noNotifications: 'You have no new notifications.',
} as const;

export const supportEmail = 'support@bookwright.app';

/** Status names shown on the library badges; validation reads 'Action needed' (spec §1). */
export const statusLabels = {
  planning: 'Planning',
  validation: 'Action needed',
  writing: 'Writing',
  ready: 'Ready',
  failed: 'Failed',
} as const;

export const createBookTexts = {
  /** Spec §8: any failure but 403 (whose text, planMessages.limitReached, comes from the contracts). */
  failure: 'Failed to create book. Please try again.',
  submit: 'Create Book',
  submitting: 'Creating...',
  promptPlaceholder: 'Describe your book idea: the story, the subject, the feeling you want readers to have...',
  sizeStandard: 'Standard',
  sizeStandardHint: 'About 100 pages',
  sizeLong: 'Long',
  sizeLongHint: '150+ pages',
  comingSoon: 'coming soon',
} as const;

export const libraryTexts = {
  retry: 'Try again',
  retryFailure: 'The book could not be restarted. Please try again.',
} as const;

export const validationTexts = {
  saved: 'Saved successfully!',
  saveFailure: 'Error while saving. Please try again',
  confirmed: 'Success! When the book is ready you will see it in your library! It can take up to 30 minutes',
  confirm: 'Confirm and start writing',
  confirming: 'Starting...',
} as const;

export const editorTexts = {
  placeholder: 'Start writing your amazing book...',
  saved: 'Book content updated successfully!',
  saveFailure: 'Book content has not been saved. Please try again',
  save: 'Save',
  saving: 'Saving...',
  generateCover: 'Generate Cover',
  changeCover: 'Change Cover',
  export: 'Export',
  notSet: 'Not set',
  none: 'None',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your latest changes to the manuscript have not been saved. If you leave now they will be lost.',
  stay: 'Stay and keep editing',
  leave: 'Leave without saving',
} as const;

export const metadataTexts = {
  /** The side panel's failure toast (spec §8); the success text is metadataMessages.saved. */
  saveFailure: 'Error saving new metadata. Please try again',
  save: 'Save metadata',
  saving: 'Saving...',
  keywordsPlaceholder: 'Type a keyword and press Enter or comma...',
  datePlaceholder: 'Select a date',
  today: 'Today',
} as const;

export const errorScreenTexts = {
  goBack: 'Go Back',
  goHome: 'Go to Home',
  /** 'Error Code: {status} • {time}' */
  code: (status: number, time: string) => `Error Code: ${status} \u2022 ${time}`,
} as const;

/** The library refreshes this often while a book is planning or writing (spec §4); live events come first. */
export const libraryRefreshMs = 30_000;

/** Toasts close by themselves after this long (spec §8). */
export const toastAutoCloseMs = 5000;

export const salesEmail = 'sales@bookwright.app';
