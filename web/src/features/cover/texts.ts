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
