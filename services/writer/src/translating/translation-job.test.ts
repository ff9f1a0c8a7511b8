import { describe, expect, it } from 'vitest';
import { documentText, type TiptapDocument } from '@bookwright/contracts/http';
import type { WritingJobRow } from '../db/schema';
import { buildBrief } from '../testing/books';
import { jobBriefOf } from '../writing/job';
import { loadTranslationJob } from './translation-job';

/** A translation job's row as the writer reads it, its original under review. */
function jobRow(document: TiptapDocument): WritingJobRow {
  return {
    id: 'job-1',
    book_id: 'book-2',
    user_id: 'user-1',
    kind: 'translate',
    source: { sourceBookId: 'book-1', sourceLanguage: 'english', document },
    first_attempt: 1,
    current_attempt: 1,
    status: 'writing',
    brief: jobBriefOf(buildBrief({ language: 'italian' })),
    plan: null,
    chapters_total: 1,
    lease_owner: null,
    lease_expires_at: null,
    failure_reason: null,
    failure_reported: false,
    manuscript_key: null,
    words: null,
    pages: null,
    prompt_tokens: 0,
    completion_tokens: 0,
    llm_calls: 0,
    created_at: new Date(),
    updated_at: new Date(),
    completed_at: null,
  } as WritingJobRow;
}

describe('a translation job', () => {
  it('translates the original as it prints: open suggestions rejected, no comment anchors', () => {
    const job = loadTranslationJob(
      jobRow({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'The Lighthouse' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'The keeper ', marks: [{ type: 'comment', attrs: { commentId: 'c-1' } }] },
              { type: 'text', text: 'slowly ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
              { type: 'text', text: 'climbs the old', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
              { type: 'text', text: ' stairs.' },
            ],
          },
        ],
      }),
    );
    const [chapter] = job.chapters;
    const nodes = chapter?.blocks ?? [];
    expect(documentText({ type: 'doc', content: nodes })).toContain('The keeper climbs the old stairs.');
    expect(JSON.stringify(job.chapters)).not.toMatch(/slowly|insertion|deletion|comment/);
  });
});
