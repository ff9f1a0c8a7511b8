/**
 * Texts of the product spec (§2, §4, §5, §8) that only the web shows. Texts the server also uses come from
 * '@bookwright/contracts/http'; everything here is written exactly as the spec gives it.
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
  /** The local payment provider (no Stripe configured): plans activate without any payment. */
  localPlan: 'Local plan: no charge',
  localPlanNote: 'This installation takes no payments: choosing a plan activates it at once, free of charge.',
} as const;

export const pastDueTexts = {
  title: 'Your last payment failed.',
  body: 'Update your payment method to keep your plan.',
  action: 'Go to billing',
} as const;

export const successTexts = {
  title: `Welcome to ${productName}`,
  body: 'Your subscription is now active... time to write your first book!',
  startWriting: 'Start Writing',
  activating: 'Activating your plan…',
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

/**
 * The one support promise (spec: replies within 48 hours), for the landing page, the help panel and the
 * legal pages alike; support-promise.test.ts keeps every other wording out.
 */
export const supportReplyHours = 48;
export const supportPromise = `We reply within ${supportReplyHours} hours`;

/** Status names shown on the library badges; validation reads 'Action needed' (spec §1). */
export const statusLabels = {
  planning: 'Planning',
  validation: 'Action needed',
  writing: 'Writing',
  translating: 'Translating',
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
  saveFailure: 'Error while saving. Please try again',
  confirmed: 'Success! When the book is ready you will see it in your library! It can take up to 30 minutes',
  /** What the confirmation's toast becomes once the book is written while it is still shown (issue 47). */
  written: (title: string | undefined) =>
    title ? `“${title}” is ready! Open it from your library.` : 'Your book is ready! Open it from your library.',
  confirm: 'Confirm and start writing',
  confirming: 'Starting...',
} as const;

export const editorTexts = {
  placeholder: 'Start writing your amazing book...',
  /** The field under a selected image inside a chapter. */
  imageAltText: 'Image description (alt text)',
  imageAltTextPlaceholder: 'Describe the image for readers who cannot see it',
  /** The toolbar's button that adds a picture (PNG, JPG or WebP) to the chapter. */
  insertImage: 'Insert image',
  imageUploading: 'Adding the image…',
  imageUploadFailure: 'The image could not be added. Please try again',
  saved: 'Book content updated successfully!',
  saveFailure: 'Book content has not been saved. Please try again',
  save: 'Save',
  saving: 'Saving...',
  generateCover: 'Generate Cover',
  changeCover: 'Change Cover',
  export: 'Export',
  /** The menu the header's actions fold into on a phone (its name holds the word it shows, WCAG 2.5.3). */
  actions: 'Book actions',
  actionsShort: 'Actions',
  /** The wide header's menu of the actions too rare for a button of their own. */
  moreActions: 'More actions',
  notSet: 'Not set',
  none: 'None',
  leaveTitle: 'Leave without saving?',
  /**
   * The leave warning shows only while a save is failing (or autosave is off): the changes are in this
   * browser's draft, which the editor brings back on the next visit. Signing out clears the drafts.
   */
  leaveBody:
    'Your latest changes are not saved to your account yet. They stay on this device and come back when you open this book here again, to be saved once the connection is back.',
  signOutBody:
    'Your latest changes are not saved to your account yet. Signing out removes them from this device: if you sign out now, they will be lost.',
  stay: 'Stay and keep editing',
  leave: 'Leave without saving',
} as const;

/** A shared book, edited live (issue 44): who is in it, where, and the live connection's states. */
export const collabTexts = {
  /** The header's list of the other people in the book. */
  peopleHere: 'People in this book',
  /** The avatar's accessible name. */
  personHere: (name: string) => `${name} is in this book`,
  /** The avatar that stands for those not shown. */
  more: (count: number, names: readonly string[]) => `${count} more: ${names.join(', ')}`,
  chapters: 'Chapters',
  untitledChapter: 'Untitled',
  goToChapter: (number: number, title: string) => `Go to chapter ${number}: ${title}`,
  /** A dot by a chapter: someone's caret is in it. */
  personInChapter: (name: string) => `${name} is here`,
  noChapters: 'The manuscript has no chapters yet. A Heading 1 starts one.',
  /** The editor waits for the shared document from the server (it is never filled by the page). */
  opening: 'Opening the shared book…',
  /** The server refused what this page sent: nothing more is sent until the page is loaded again. */
  refusedTitle: 'This page stopped sending changes',
  refusedBody:
    'The server did not accept a change from this page, so it sends no more. Reload the page to go on from the book as the others see it.',
  reload: 'Reload the page',
  /** The copy kept on this device was of an older version of the book, replaced since: it was not merged. */
  discardedLocalCopy:
    'Edits kept on this device were of an older version of this book and could not be merged. The book shows its current text.',
} as const;

export const metadataTexts = {
  /** The side panel's failure toast (spec §8); the success text is metadataMessages.saved. */
  saveFailure: 'Error saving new metadata. Please try again',
  save: 'Save metadata',
  saving: 'Saving...',
  /** Without a plan the book is read-only, its details too (the export dialog still completes missing ones). */
  needsPlan: 'Choose a plan to edit the details',
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

/** The editor's Export dialog (spec §2, §8); the texts the spec quotes are exact. */
export const exportTexts = {
  defaultFormat: 'Default',
  title: 'Export Your Book',
  description: 'Choose a format. Your latest saved manuscript and metadata go into the file.',
  formatsLabel: 'Export formats',
  unsavedChanges: 'The manuscript has unsaved changes. Save them first to include them in the file.',
  epub: 'EPUB',
  epubHint: 'Reflowable e-book for e-readers, phones and most online stores',
  kdp: 'PDF - Amazon KDP',
  kdpHint: 'Print-ready interior and cover PDFs for a paperback or hardcover',
  podReady: 'POD Ready',
  new: 'New',
  otherPlatforms: 'Other Platforms',
  otherPlatformsHint: 'Apple Books, IngramSpark and more',
  comingSoon: 'Coming soon',
  back: 'Back',

  missingTitle: 'Missing Required Metadata',
  missingDescription: 'An EPUB needs a title, an author, an identifier and a language. Fill them in to export.',
  exportEpub: 'Export EPUB',
  exporting: 'Exporting...',
  generateUuid: 'Generate a UUID',
  chooseLanguage: 'Choose a language',
  /** Spec §8: the metadata save of the dialog. */
  metadataSaveFailure: 'Error saving metadata. Please try again.',

  pdfTitle: 'PDF Export Options',
  pdfDescription: 'Set up the print edition for Amazon KDP.',
  checking: 'Checking the requirements...',
  checkFailed: 'The requirements could not be checked right now. They are checked again when you generate the PDF.',
  warningsTitle: 'Requirements not met',
  notesTitle: 'Notes for this edition',
  suggestionsTitle: 'Suggestions',
  requirementsTitle: 'KDP requirements',
  requirements: ['Minimum 24 pages (estimated)', 'Fonts embedded', 'PDF/A output'],
  /** Replaces the "Fonts embedded" tick when some characters of the book have no glyph in any embedded font. */
  fontsMissing: (count: number) =>
    `Fonts embedded, but ${count === 1 ? '1 character has' : `${count} characters have`} no glyph (see above)`,
  printPages: (pages: number) => `${pages} pages in print`,
  estimatedPages: (pages: number) => `About ${pages} pages (estimated)`,
  spine: (inches: number) => `spine ${inches.toFixed(3)} in`,
  trimSize: 'Trim Size',
  paper: 'Paper',
  paperWhite: 'White',
  paperCream: 'Cream',
  bleed: 'Bleed',
  bleedHint: 'Let images and colour run off the page edge (adds 0.125 in on three sides).',
  binding: 'Binding Type',
  paperback: 'Paperback',
  hardcover: 'Hardcover',
  hardcoverInteriorOnly: 'Interior PDF only for now',
  exportType: 'Export Type',
  interiorOnly: 'Interior Only',
  interiorHint: 'The pages of the book',
  coverOnly: 'Cover Only',
  coverHint: 'Back, spine and front in one PDF',
  both: 'Both as ZIP',
  bothHint: 'Interior and cover PDFs in one ZIP',
  generatePdf: 'Generate PDF',
  generatingPdf: 'Generating PDF...',

  /** Issue 46: Word, in two layouts. */
  word: 'Word',
  wordHint: 'A .docx for agents, editors and designers, with comments and suggestions as Word’s own',
  wordTitle: 'Word Export Options',
  wordDescription:
    'Choose the layout. Comments and open suggestions go in as Word comments and tracked changes, for your editor to work on and send back.',
  layout: 'Layout',
  layoutManuscript: 'Manuscript',
  layoutManuscriptHint: 'For agents and editors: 12 pt serif, double-spaced, a title page with the word count',
  layoutBook: 'Book',
  layoutBookHint: 'The print interior’s styles, for a publisher’s designer',
  exportWord: 'Export Word',

  /** Spec §8. */
  notValid: 'Some requirements are not met. Check the warnings.',
  exported: (format: 'epub' | 'pdf' | 'docx') => `Book exported successfully as ${format.toUpperCase()}!`,
  bothExported: 'Both interior and cover PDFs exported successfully!',
  coverExported: 'Cover PDF exported successfully!',
  failedWithIssues: (issues: readonly string[]) => `Export failed: ${issues.join(', ')}`,
  failedCheckRequirements: 'Export failed. Please check the requirements and try again.',
  failedUnreadable: 'Export failed. Please try again.',
  failed: (format: 'epub' | 'pdf' | 'docx') => `Failed to export as ${format.toUpperCase()}. Please try again.`,
} as const;

/** The editor's Cover dialog (spec §2, §8); the texts the spec quotes are exact. Others: coverMessages. */
export const coverTexts = {
  title: 'Book Cover',
  description: 'Design a cover with AI from your book, or upload one you already have.',
  choicesLabel: 'How would you like to add a cover?',
  generateWithAi: 'Generate with AI',
  generateWithAiHint: 'A cover designed from your title, genre and story, in the style you choose',
  uploadYourOwn: 'Upload Your Own',
  uploadHint: 'PNG, JPG up to 10MB',
  back: 'Back',

  uploadTitle: 'Upload Your Own',
  uploadDescription: 'Use a cover you already have. For print, choose the largest version of it.',
  chooseImage: 'Choose an image',
  dropHere: 'or drop it here',
  coverImage: 'Cover image',
  preview: 'Preview of the chosen cover',
  remove: 'Remove image',
  applyCover: 'Apply Cover',
  uploading: 'Uploading...',
  notAnImageFile: 'Please choose an image file (PNG or JPG).',
  tooLargeFile: (megabytes: string) => `This image is ${megabytes} MB: covers can be up to 10MB.`,

  generateTitle: 'Generate with AI',
  generateDescription: 'Choose the look; the cover is designed from your book.',
  artStyle: 'Art Style',
  mood: 'Mood',
  colorScheme: 'Color Scheme',
  dimensions: 'Dimensions',
  additionalDescription: 'Additional Description',
  optional: '(optional)',
  additionalDescriptionPlaceholder: 'e.g. a lighthouse at dusk, a lone figure on the rocks',
  typeset: 'Typeset title and author',
  typesetHint: 'Sets your title and author name in clean type over the artwork.',
  generateCover: 'Generate Cover',
  generatingCover: 'Generating Cover...',
  generatingNote: 'Designing your cover. This can take up to a minute.',

  previewTitle: 'Your New Cover',
  previewDescription: 'Use it for your book, or generate another with the same or new options.',
  generatedPreview: 'Generated cover preview',
  generateAnother: 'Generate Another',
  useThisCover: 'Use This Cover',
  applying: 'Applying...',

  /** Spec §8. */
  uploadFailure: 'Failed to upload cover. Please try again.',
  unreadableImage: 'This image cannot be shown. Please choose another file (PNG or JPG).',
  coverUpdated: 'Cover image updated successfully!',
  rateLimited: 'Rate limit exceeded. Please try again in a few minutes.',
  invalidRequest: 'Invalid request. Please check your cover generation settings.',
  serverError: 'Server error. Please try again later.',
  generationFailure: 'Failed to generate cover. Please try again.',
} as const;

export const coverStyleLabels = {
  realistic: 'Realistic',
  illustrated: 'Illustrated',
  minimalist: 'Minimalist',
  vintage: 'Vintage',
  fantasy: 'Fantasy',
} as const;

export const coverMoodLabels = {
  adventure: 'Adventure',
  mysterious: 'Mysterious',
  romantic: 'Romantic',
  dramatic: 'Dramatic',
  peaceful: 'Peaceful',
} as const;

export const coverColorSchemeLabels = {
  warm: 'Warm',
  cool: 'Cool',
  monochrome: 'Monochrome',
  vibrant: 'Vibrant',
  muted: 'Muted',
} as const;

export const coverDimensionLabels = {
  '1024x1024': 'Square (1:1)',
  '1024x1536': 'Portrait (2:3)',
  '1536x1024': 'Landscape (3:2)',
} as const;

/** /app/settings (spec §2, §8). */
export const settingsTexts = {
  title: 'Settings',
  tabs: {
    account: 'Account',
    billing: 'Billing & Plans',
    security: 'Security',
    help: 'Help & Support',
    preferences: 'Preferences',
  },
  account: {
    heading: 'Account',
    memberSince: 'Member since',
    edit: 'Edit',
    cancel: 'Cancel',
    save: 'Save Changes',
    saving: 'Saving...',
    /** The view mode shows first and last name as one: it is announced as the name, not the first name. */
    name: 'Name',
    firstName: 'First Name',
    lastName: 'Last Name',
    userName: 'Username',
    email: 'Email',
    currentPassword: 'Current Password',
    currentPasswordHint: 'Needed to change your email.',
    changeAvatar: 'Change avatar',
    avatarHint: 'PNG, JPG or WebP, up to 10 MB.',
    notAnImage: 'Please choose an image file',
    success: 'Account updated successfully!',
    failure: 'Error while updating account. Please try again',
  },
  billing: {
    heading: 'Billing & Plans',
    currentPlan: 'Current plan',
    nextBillingDate: 'Next billing date',
    noBillingDate: '—',
    localPlan: 'Local plan: nothing is charged',
    changePlan: 'Change Plan',
    manage: 'Cancel subscription or update billing details',
    usage: 'Usage this month',
    booksLeft: 'Books left',
    coversLeft: 'Covers left',
    translationsLeft: 'Translations left',
    history: 'Billing history',
    noInvoices: 'No invoices found',
    view: 'View',
    pdf: 'PDF',
    fetchFailed: 'Failed to fetch invoices',
    pdfMissing: 'Invoice PDF not available',
    viewMissing: 'Invoice view not available',
    perMonth: '/month',
    current: 'Current plan',
    choose: 'Choose',
    custom: 'Custom',
    contactSales: 'Contact Sales',
    portalFailed: 'Could not open the billing portal. Please try again.',
    pastDue: 'Your last payment failed. Update your billing details to keep your plan.',
    details: 'Billing details',
    detailsHint: 'Printed on your invoices. You enter them at checkout; change them in the billing portal.',
    detailsEmpty: 'None yet: you enter them at checkout.',
    editInPortal: 'Edit in the billing portal',
    company: 'Company',
    vatNumber: 'VAT number',
    address: 'Address',
    sdi: 'SDI code (Italy)',
    sdiHint: 'For Italian electronic invoices: 7 letters or digits, or 6 for a public administration.',
    sdiSave: 'Save SDI code',
    sdiSaved: 'SDI code saved',
    sdiFailed: 'Could not save the SDI code. Please try again.',
    switchTitle: (plan: string) => `Switch to ${plan}?`,
    switchLoading: 'Working out the price…',
    switchPreviewFailed: 'Could not work out the price of this change. Please try again.',
    proratedCharge: 'Charged for the rest of this period',
    proratedCredit: 'Credited for the rest of this period',
    proratedNote: 'On your next invoice.',
    thenMonthly: 'Then, each month',
    from: (date: string) => `from ${date}`,
    allowancesAfter: 'Left this month after the switch',
    unlimited: 'Unlimited',
    keptUsage: 'What you used this month stays used: a switch never gives back spent books.',
    confirmSwitch: 'Confirm switch',
    back: 'Back',
  },
  security: {
    heading: 'Change password',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    submit: 'Update Password',
    success: 'Password updated successfully!',
    failure: 'Error updating password. Please try again',
    otherSessions: 'Changing your password signs you out everywhere else.',
  },
  help: {
    heading: 'Help & Support',
    supportTitle: 'Contact support',
    supportText: 'Questions about your books, exports or your account? Write to us.',
    supportSubject: 'Support request',
    featureTitle: 'Request a feature',
    featureText: 'Tell us what would make Bookwright better for you.',
    featureSubject: 'Feature request',
  },
  preferences: {
    heading: 'Preferences',
    note: 'Saved in this browser only.',
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', system: 'System' },
    exportFormat: 'Default export format',
    formats: { epub: 'EPUB (e-book)', pdf: 'PDF (print, KDP)' },
    autoSave: 'Auto-save',
    autoSaveHint:
      'Saves your manuscript 2 seconds after you stop typing. When off, only Save and Ctrl+S save; unsaved changes are still kept on this device.',
    saved: 'Preferences saved',
  },
  deletion: {
    heading: 'Delete Account',
    text: 'Deleting your account removes your books, covers, exports and profile at once. This cannot be undone.',
    open: 'Delete Account',
    title: 'Delete your account?',
    typeEmail: 'Type your email to confirm',
    password: 'Password',
    confirm: 'Delete my account',
    deleting: 'Deleting...',
    cancel: 'Cancel',
    emailMismatch: 'The email does not match your account',
    failure: 'Could not delete your account. Please try again',
  },
} as const;
