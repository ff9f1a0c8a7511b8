import { describe, expect, it } from 'vitest';
import { bookLanguages } from '@bookwright/contracts/http';
import { bankFor } from '@bookwright/offline';
import { composeRewrite } from './compose-rewrite';

const english = bankFor('english').demo;
const languages = bookLanguages.map((l) => l.value).filter((l) => l !== 'english');

describe('the offline rewrite', () => {
  it.each(languages)('marks a %s demo rewrite in that language and adds its own sentences', (language) => {
    const demo = bankFor(language).demo;
    const rewrite = (instruction: string) => composeRewrite({ text: 'Ein Satz.', instruction, language });
    expect(rewrite('shorter')).toBe(`[${demo.rewrite}] Ein Satz.`);
    expect(rewrite('longer')).toBe(`[${demo.rewrite}] Ein Satz. ${demo.longer}`);
    expect(rewrite('vivid')).toBe(`[${demo.rewrite}] Ein Satz. ${demo.vivid}`);
    expect(rewrite('longer')).not.toContain(english.longer);
  });

  it('falls back to English when a rewrite does not say its language', () => {
    expect(composeRewrite({ text: 'A line.', instruction: 'shorter' })).toBe('[Demo rewrite] A line.');
  });
});
