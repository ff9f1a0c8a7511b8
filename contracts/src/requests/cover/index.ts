import { defineHealthRequest } from '../health';
import { uploadCoverRequest } from './upload-cover';
import { generateCoverRequest } from './generate-cover';
import { applyCoverRequest } from './apply-cover';

export * from './stored-cover';

export const coverRequests = {
  health: defineHealthRequest('cover'),
  upload: uploadCoverRequest,
  generate: generateCoverRequest,
  apply: applyCoverRequest,
} as const;
