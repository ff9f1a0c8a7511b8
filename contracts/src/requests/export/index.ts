import { defineHealthRequest } from '../health';
import { convertManuscriptRequest } from './convert-manuscript';
import { renderTakeoutRequest } from './render-takeout';
import { validateExportRequest } from './validate-export';
import { renderExportRequest } from './render-export';
import { reimportManuscriptRequest } from './reimport-manuscript';

export * from './export-result';

export const exportRequests = {
  health: defineHealthRequest('export'),
  convertManuscript: convertManuscriptRequest,
  renderTakeout: renderTakeoutRequest,
  validate: validateExportRequest,
  render: renderExportRequest,
  reimportManuscript: reimportManuscriptRequest,
} as const;
