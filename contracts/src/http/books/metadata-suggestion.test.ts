import { describe, expect, it } from 'vitest';
import { subjects } from '../../constants/subjects';
import { MetadataSuggestionSchema } from './metadata-suggestion';

const valid = {
  description: '<p>Letters from the <b>sea</b>.</p>',
  keywords: ['lighthouse', 'letters'],
  categories: [subjects[0]!, subjects[1]!],
  subtitle: 'A Baltic Mystery',
};

describe('a metadata suggestion', () => {
  it('accepts one within KDP’s limits', () => {
    expect(MetadataSuggestionSchema.safeParse(valid).success).toBe(true);
  });

  it('holds its description in the shape the metadata form edits', () => {
    const parsed = MetadataSuggestionSchema.parse({
      ...valid,
      description: '<p onclick="x"><b>Letters</b> from the <i>sea</i>.</p><script>x</script>',
    });
    expect(parsed.description).toBe('<p><strong>Letters</strong> from the <em>sea</em>.</p>');
  });

  it('counts the visible characters of the description against KDP’s 4,000 (a paragraph break is one), not the tags', () => {
    const full = `<p><strong>${'x'.repeat(2_000)}</strong></p><p>${'y'.repeat(1_999)}</p>`;
    expect(MetadataSuggestionSchema.safeParse({ ...valid, description: full }).success).toBe(true);
  });

  it('keeps one of keywords that differ only in case or surrounding space', () => {
    const keywords = ['Leuchtturm', 'leuchtturm', ' Mut', 'MUT '];
    expect(MetadataSuggestionSchema.parse({ ...valid, keywords }).keywords).toEqual(['Leuchtturm', 'Mut']);
  });

  it.each([
    ['too long a description', { description: `<p>${'x'.repeat(4_001)}</p>` }],
    ['eight keywords', { keywords: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] }],
    ['a keyword over 50 characters', { keywords: ['k'.repeat(51)] }],
    ['one category', { categories: [subjects[0]!] }],
    ['four categories', { categories: subjects.slice(0, 4) }],
    ['a category not on the list', { categories: [subjects[0]!, 'Fiction / Made Up'] }],
    ['the same category twice', { categories: [subjects[0]!, subjects[0]!] }],
    ['an empty subtitle', { subtitle: '  ' }],
    ['a description with nothing left after sanitising', { description: '<script>x</script>' }],
  ])('refuses %s', (_name, change) => {
    expect(MetadataSuggestionSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
