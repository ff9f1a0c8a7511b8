import { AppError, TiptapDocumentSchema, type TiptapDocument } from '@bookwright/contracts';
import type { z } from 'zod';
import { storedManuscript, type StoredManuscript } from './stored-manuscript';

export const manuscriptMessages = {
  contentNotJson: 'Book content must be the editor document as JSON text',
  contentInvalid: 'Book content is not a valid editor document',
} as const;

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * An editor document sent as JSON text, checked and cut into its stored chapters, `content` being its one
 * stored form (so the same document always hashes the same). 400 with what is wrong.
 */
export function parseManuscript(bookContent: string): StoredManuscript & { document: TiptapDocument } {
  let raw: unknown;
  try {
    raw = JSON.parse(bookContent);
  } catch {
    throw new AppError(400, manuscriptMessages.contentNotJson);
  }
  const parsed = TiptapDocumentSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(400, `${manuscriptMessages.contentInvalid}: ${firstIssue(parsed.error)}`);
  return { ...storedManuscript(parsed.data), document: parsed.data };
}
