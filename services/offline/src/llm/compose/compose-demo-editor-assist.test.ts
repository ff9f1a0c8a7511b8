import { describe, expect, it } from 'vitest';
import { descriptionBlocks, MetadataSuggestionSchema, sanitizeDescriptionHtml } from '@bookwright/contracts';
import { composeDemoEditorAssist } from './compose-demo-editor-assist';

const task = {
  kind: 'metadata' as const,
  book: { title: 'Salt & <Signal>', genre: 'mystery' as const, bookType: 'fiction' as const },
  themes: ['Trust'],
  premise: 'A keeper finds letters that 1 < 2 people could have sent',
  names: ['Mara', 'Leo'],
  manuscriptExcerpt: 'The air feels heavier while Mara opens the door. '.repeat(200),
};

describe('the offline metadata suggestion', () => {
  it('answers the description in the shape the metadata form edits: formatted text, no stray tags', () => {
    const suggestion = MetadataSuggestionSchema.parse(composeDemoEditorAssist(task));
    // Already canonical: what the form receives is what the sanitiser would make of it.
    const raw = (composeDemoEditorAssist(task) as { description: string }).description;
    expect(sanitizeDescriptionHtml(raw)).toBe(raw);
    expect(suggestion.description).toBe(raw);
    const [first] = descriptionBlocks(suggestion.description);
    expect(first).toEqual({
      kind: 'paragraph',
      inlines: [
        { text: 'Salt & <Signal>', strong: true, em: false },
        { text: ' — A keeper finds letters that 1 < 2 people could have sent', strong: false, em: false },
      ],
    });
    expect(suggestion.description).toContain('<em>The air feels heavier');
  });
});
