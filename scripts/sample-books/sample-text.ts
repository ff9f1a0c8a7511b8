import { z } from 'zod';
import { CoverColorSchemeSchema, CoverMoodSchema, CoverStyleSchema, GenreSchema } from '@bookwright/contracts/http';

const FrontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  author: z.string().min(1),
  genre: GenreSchema,
  language: z.literal('english'),
  description: z.string().min(1),
  /** Where the text comes from and why it is free to ship: shown on the showcase card. */
  source: z.string().includes('Public domain'),
  style: CoverStyleSchema,
  mood: CoverMoodSchema,
  colorScheme: CoverColorSchemeSchema,
});

export type SampleText = z.infer<typeof FrontMatterSchema> & {
  chapters: { title: string; paragraphs: string[] }[];
};

/** A sample text: `key: value` front matter between `---` lines, then `# Chapter` headings and paragraphs. */
export function parseSampleText(source: string): SampleText {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error('A sample text starts with front matter between --- lines');
  const fields = Object.fromEntries(
    match[1]!.split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  const chapters: SampleText['chapters'] = [];
  for (const block of match[2]!.split(/\n\s*\n/).map((b) => b.trim().replace(/\s+/g, ' '))) {
    if (!block) continue;
    if (block.startsWith('# ')) chapters.push({ title: block.slice(2), paragraphs: [] });
    else if (chapters.length === 0) throw new Error('Text before the first # heading');
    else chapters.at(-1)!.paragraphs.push(block);
  }
  return { ...FrontMatterSchema.parse(fields), chapters };
}
