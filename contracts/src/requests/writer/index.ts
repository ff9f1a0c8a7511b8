import { defineHealthRequest } from '../health';

export const writerRequests = {
  health: defineHealthRequest('writer'),
} as const;
