import { defineHealthRequest } from '../health';
import { suggestMetadataRequest } from './suggest-metadata';
import { suggestTranslationTitleRequest } from './suggest-translation-title';

/**
 * The planner consumes book.planning-requested and publishes planner.plan-*; the questions it answers are
 * suggestions it makes with the same model: store metadata from the plan and the manuscript, and a
 * translation's title in its language.
 */
export const plannerRequests = {
  health: defineHealthRequest('planner'),
  suggestMetadata: suggestMetadataRequest,
  suggestTranslationTitle: suggestTranslationTitleRequest,
} as const;
