import { describe, expect, it } from 'vitest';
import { GenerateCoverRequestSchema } from './cover/cover';
import { PlanRequestSchema } from './agent/plan';
import { SignUpRequestSchema } from './auth/sign-up';
import { NewPasswordSchema } from './auth/password-policy';
import { UpdateMetadataRequestSchema } from './books/metadata';
import { tooLongMessage } from './text-fields';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const plan = {
  prompt: 'A lighthouse keeper',
  title: 'Beacon',
  language: 'english',
  targetAudience: 'Adults',
  genre: 'mystery',
  size: 'short',
};
const metadata = { title: 'Beacon', author: 'Ada', identifier: 'urn:uuid:1', languageMetadata: 'en' };

describe('length refusals name the field as the form labels it, with the limit', () => {
  it('words the limit with a thousands separator', () => {
    expect(tooLongMessage('Prompt', 5_000)).toBe('Prompt is too long (at most 5,000 characters)');
  });

  it.each([
    ['prompt', 12_000, 'Prompt is too long (at most 5,000 characters)'],
    ['title', 201, 'Title is too long (at most 200 characters)'],
    ['targetAudience', 301, 'Target audience is too long (at most 300 characters)'],
  ])('plan request: %s', (field, length, message) => {
    expect(firstMessage(PlanRequestSchema.safeParse({ ...plan, [field]: 'x'.repeat(length) }))).toBe(message);
  });

  it.each([
    ['firstName', 'First name is too long (at most 100 characters)'],
    ['lastName', 'Last name is too long (at most 100 characters)'],
  ])('sign-up: %s', (field, message) => {
    const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'analytical engine' };
    expect(firstMessage(SignUpRequestSchema.safeParse({ ...body, [field]: 'x'.repeat(101) }))).toBe(message);
  });

  it('password', () => {
    expect(firstMessage(NewPasswordSchema.safeParse('x'.repeat(257)))).toBe(
      'Password is too long (at most 256 characters)',
    );
  });

  it.each([
    ['title', 201, 'Title is too long (at most 200 characters)'],
    ['author', 201, 'Author is too long (at most 200 characters)'],
    ['identifier', 201, 'Identifier (UUID/ISBN) is too long (at most 200 characters)'],
    ['genreMetadata', 201, 'Genre is too long (at most 200 characters)'],
    ['publisher', 201, 'Publisher is too long (at most 200 characters)'],
    ['description', 5_001, 'Description is too long (at most 5,000 characters)'],
    ['rights', 501, 'Rights is too long (at most 500 characters)'],
    ['subtitle', 301, 'Subtitle is too long (at most 300 characters)'],
    ['keywords', 5_001, 'Subject/Keywords is too long (at most 5,000 characters)'],
  ])('metadata: %s', (field, length, message) => {
    const result = UpdateMetadataRequestSchema.safeParse({ ...metadata, [field]: 'x'.repeat(length) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('metadata: one keyword too long, or too many', () => {
    const long = UpdateMetadataRequestSchema.safeParse({ ...metadata, keywords: ['x'.repeat(201)] });
    expect(long.error?.issues.map((i) => i.message)).toContain('Each keyword is too long (at most 200 characters)');
    const many = UpdateMetadataRequestSchema.safeParse({
      ...metadata,
      keywords: Array.from({ length: 101 }, (_, i) => `k${i}`),
    });
    expect(many.error?.issues.map((i) => i.message)).toContain('Subject/Keywords has too many entries (at most 100)');
  });

  it('cover: the additional description', () => {
    expect(firstMessage(GenerateCoverRequestSchema.safeParse({ prompt: 'x'.repeat(1_001) }))).toBe(
      'Additional description is too long (at most 1,000 characters)',
    );
  });
});
