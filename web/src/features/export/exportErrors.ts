import { isApiError } from '../../api/baseQuery';
import { exportTexts } from './texts';
import type { FileRequestError } from './fileRequest';

export type ExportFormat = 'epub' | 'pdf' | 'docx';

function textOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const key of ['msg', 'error', 'message'] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

function issuesOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const issues = (body as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((issue): issue is string => typeof issue === 'string' && issue.trim() !== '');
}

/**
 * The toast of a failed export (spec §8). A 400: 'Export failed: ' and the issues when the body lists them,
 * else the body's own text, else the generic advice; an unreadable body gives 'Export failed. Please try
 * again.'. Anything else (other statuses, no network): 'Failed to export as {FORMAT}. Please try again.'.
 */
export function exportFailureMessage(error: unknown, format: ExportFormat): string {
  if (!isApiError(error) || error.status !== 400) return exportTexts.failed(format);
  const failure = error as FileRequestError;
  if (failure.unreadable) return exportTexts.failedUnreadable;
  const issues = issuesOf(failure.body);
  if (issues.length > 0) return exportTexts.failedWithIssues(issues);
  return textOf(failure.body) ?? failure.msg ?? exportTexts.failedCheckRequirements;
}
