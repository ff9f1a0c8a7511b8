import type { z } from 'zod';

/**
 * The first message of each top-level field in a failed parse of one of contracts' request schemas, so a
 * form shows the server's own words beside the field before it asks the server.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
