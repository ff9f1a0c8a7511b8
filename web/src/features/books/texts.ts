/** Status names shown on the library badges; validation reads 'Action needed' (spec §1). */
export const statusLabels = {
  planning: 'Planning',
  validation: 'Action needed',
  writing: 'Writing',
  translating: 'Translating',
  ready: 'Ready',
  failed: 'Failed',
} as const;
