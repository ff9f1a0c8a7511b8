import { describe, expect, it } from 'vitest';
import { packageDocument, type Publication } from './package-files';

const publication = (description: string): Publication => ({
  metadata: {
    identifier: 'urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d',
    isbnIdentifier: null,
    title: 'Die Tochter',
    subtitle: null,
    author: 'Ada Author',
    languageCode: 'de',
    publisher: null,
    description,
    keywords: [],
    rights: null,
    date: null,
    modified: new Date('2026-01-01T00:00:00Z'),
    accessibilitySummary: { text: 'Summary.', languageCode: 'en' },
    printSource: null,
  },
  spine: [],
  cover: null,
  pageList: [],
});

const descriptionOf = (xml: string) => /<dc:description[^>]*>([^<]*)<\/dc:description>/.exec(xml)?.[1];

describe('dc:description (issue 46)', () => {
  it('is plain text, paragraphs and list items on lines of their own, no escaped tag', () => {
    const xml = packageDocument(
      publication(
        '<p>Eine Tochter, <strong>ein</strong> Haus &amp; ein Meer.</p><p>Zweiter<br>Absatz</p><ul><li><p>Punkt</p></li></ul>',
      ),
    );
    expect(descriptionOf(xml)).toBe('Eine Tochter, ein Haus &amp; ein Meer.\nZweiter\nAbsatz\nPunkt');
    expect(xml).not.toContain('&lt;');
  });

  it('escapes what reads like markup in a plain-text description', () => {
    expect(descriptionOf(packageDocument(publication('1 < 2 & "3"')))).toBe('1 &lt; 2 &amp; "3"');
  });

  it('is left out when the description has no visible text', () => {
    expect(packageDocument(publication('<p> </p>'))).not.toContain('<dc:description');
  });
});
