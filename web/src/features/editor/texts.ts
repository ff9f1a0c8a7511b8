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
