import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { subjects } from '../../constants/subjects';
import { descriptionAllowedTags, sanitizeDescriptionHtml } from './description-html';
import { MetadataSuggestionSchema } from './metadata-suggestion';

const valid = {
  description: '<p>Letters from the <b>sea</b>.</p>',
  keywords: ['lighthouse', 'letters'],
  categories: [subjects[0]!, subjects[1]!],
  subtitle: 'A Baltic Mystery',
};

describe('description HTML', () => {
  it('keeps allow-listed tags without attributes and drops scripts with their text', () => {
    expect(
      sanitizeDescriptionHtml(
        '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script><br/> <b class="x">bold</b></p>',
      ),
    ).toBe('<p>Hi there<br> <b>bold</b></p>');
    expect(sanitizeDescriptionHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
  });

  const fragment = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:x">',
      '<p>',
      '</b>',
      '<!--',
      '-->',
      '<',
      '>',
      '"',
      "'",
    ),
  );
  test.prop([fc.array(fragment, { maxLength: 30 })])(
    'never lets a tag outside the allow-list, or an attribute, through',
    (parts) => {
      const out = sanitizeDescriptionHtml(parts.join(''));
      for (const match of out.matchAll(/<\/?([^\s>/]*)([^>]*)>/g)) {
        expect(descriptionAllowedTags as readonly string[]).toContain(match[1]!.toLowerCase());
        expect(match[2]!.trim()).toBe('');
      }
      expect(sanitizeDescriptionHtml(out)).toBe(out);
    },
  );
});

describe('a metadata suggestion', () => {
  it('accepts one within KDP’s limits', () => {
    expect(MetadataSuggestionSchema.safeParse(valid).success).toBe(true);
  });

  it('keeps one of keywords that differ only in case or surrounding space', () => {
    const keywords = ['Leuchtturm', 'leuchtturm', ' Mut', 'MUT '];
    expect(MetadataSuggestionSchema.parse({ ...valid, keywords }).keywords).toEqual(['Leuchtturm', 'Mut']);
  });

  it.each([
    ['too long a description', { description: `<p>${'x'.repeat(4_000)}</p>` }],
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
