import { describe, expect, it } from 'vitest';
import cookiesPolicy from './documents/cookies-policy.md?raw';
import privacyPolicy from './documents/privacy-policy.md?raw';
import termsOfService from './documents/terms-of-service.md?raw';
import { markdownToHtml } from '../../../build/markdown-html';

/** The element names a legal document's HTML uses, as the build makes it. */
const elementsOf = (markdown: string): Set<string> =>
  new Set([...markdownToHtml(markdown).matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]!));

describe('the legal documents', () => {
  // The browser's accessibility sweep in both schemes (tests/e2e/themes-and-phones.test.ts) opens the cookies
  // policy alone: the three pages are one layout, so it stands for the others while it uses every element
  // they do. A document that gains another kind of element must be swept itself, or the cookies policy
  // must show that element too.
  it('use no element the cookies policy does not', () => {
    const swept = elementsOf(cookiesPolicy);
    for (const [name, markdown] of Object.entries({ privacyPolicy, termsOfService }))
      expect(
        [...elementsOf(markdown)].filter((element) => !swept.has(element)),
        name,
      ).toEqual([]);
  });
});
