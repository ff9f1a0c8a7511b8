import { z } from 'zod';
import { imageUploadMaxBytes } from '../http/image/image';

/** Cover generation options of spec §9; the first of each list is the default. */
export const CoverStyleSchema = z.enum(['realistic', 'illustrated', 'minimalist', 'vintage', 'fantasy']);
export const CoverMoodSchema = z.enum(['adventure', 'mysterious', 'romantic', 'dramatic', 'peaceful']);
export const CoverColorSchemeSchema = z.enum(['warm', 'cool', 'monochrome', 'vibrant', 'muted']);
export const CoverDimensionsSchema = z.enum(['1024x1024', '1024x1536', '1536x1024']);

export const coverDefaults = {
  style: 'realistic',
  mood: 'adventure',
  colorScheme: 'warm',
  dimensions: '1024x1536',
} as const;

/** Stated upload limit (spec §9): 10 MB, the same for every image upload. */
export const coverUploadMaxBytes = imageUploadMaxBytes;
