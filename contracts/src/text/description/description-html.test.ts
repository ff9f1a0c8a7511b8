import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  descriptionAllowedTags,
  descriptionBlocks,
  descriptionText,
  descriptionXhtml,
  cutDescription,
  sanitizeDescriptionHtml,
} from './description-html';

describe('the description sanitiser', () => {
  it('keeps allow-listed tags without attributes, reads b/i as strong/em, drops scripts with their text', () => {
    expect(
      sanitizeDescriptionHtml(
        '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script><br/> <b class="x">bold</b></p>',
      ),
    ).toBe('<p>Hi there<br><strong>bold</strong></p>');
    expect(sanitizeDescriptionHtml('<p><i>Quiet</i> <u>sea</u></p><img src=x onerror=alert(1)>')).toBe(
      '<p><em>Quiet</em> sea</p>',
    );
  });

  it('reads text without tags as paragraphs, escaping what looks like markup', () => {
    expect(sanitizeDescriptionHtml('First line\nsecond line\n\nA new paragraph & 1 < 2')).toBe(
      '<p>First line<br>second line</p><p>A new paragraph &amp; 1 &lt; 2</p>',
    );
    expect(sanitizeDescriptionHtml('   ')).toBe('');
    expect(sanitizeDescriptionHtml('<p></p>')).toBe('');
  });

  it('keeps lists in the shape tiptap writes, and headings or divs as paragraphs', () => {
    expect(sanitizeDescriptionHtml('<h2>Praise</h2><ul><li>One</li><li><p>Two</p></li></ul><div>End</div>')).toBe(
      '<p>Praise</p><ul><li><p>One</p></li><li><p>Two</p></li></ul><p>End</p>',
    );
    expect(sanitizeDescriptionHtml('<ol><li>a<ul><li>b</li></ul></li></ol>')).toBe(
      '<ol><li><p>a</p><ul><li><p>b</p></li></ul></li></ol>',
    );
  });

  it('writes XHTML for the EPUB and visible text for the limits', () => {
    expect(descriptionXhtml('<p>a<br>b</p>')).toBe('<p>a<br/>b</p>');
    expect(descriptionText('<p><b>Bold</b> start</p><ul><li>item &amp; more</li></ul>')).toBe(
      'Bold start\nitem & more',
    );
    expect(descriptionBlocks('<p><b><i>x</i></b></p>')).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'x', strong: true, em: true }] },
    ]);
  });

  const fragment = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '<script>',
      '</script>',
      '<style>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:x">',
      '<p>',
      '</p>',
      '<b>',
      '</b>',
      '<i>',
      '<em class="x">',
      '<strong>',
      '<ul>',
      '<ol>',
      '<li>',
      '</li>',
      '<br>',
      '<br/>',
      '<h1>',
      '<div>',
      '<!--',
      '-->',
      '<![CDATA[',
      '&amp;',
      '&lt;',
      '&nbsp;',
      '\n\n',
      '\n',
      ' ',
      '<',
      '>',
      '"',
      "'",
    ),
  );
  test.prop([fc.array(fragment, { maxLength: 40 })])(
    'lets only allow-listed tags without attributes through, and is idempotent',
    (parts) => {
      const out = sanitizeDescriptionHtml(parts.join(''));
      for (const match of out.matchAll(/<\/?([^\s>/]*)([^>]*)>/g)) {
        expect(descriptionAllowedTags as readonly string[]).toContain(match[1]);
        expect(match[2]).toBe('');
      }
      // Every `<` left is the start of an allowed tag; text carries `&lt;`.
      expect(out.replace(/<\/?(p|br|strong|em|ul|ol|li)>/g, '')).not.toMatch(/[<>]/);
      expect(sanitizeDescriptionHtml(out)).toBe(out);
      expect(descriptionText(out)).toBe(descriptionText(parts.join('')));
    },
  );
});

describe('cutting a description', () => {
  it('keeps at most the visible characters asked for, tags balanced', () => {
    expect(cutDescription('<p><b>Hello</b> world</p><p>Second</p>', 8)).toBe('<p><strong>Hello</strong> wo</p>');
    expect(cutDescription('<p>ab</p><ul><li>cd</li><li>ef</li></ul>', 5)).toBe('<p>ab</p><ul><li><p>cd</p></li></ul>');
  });

  test.prop([fc.string({ maxLength: 200 }), fc.nat({ max: 120 })])('never exceeds the limit', (text, max) => {
    const html = sanitizeDescriptionHtml(text.replace(/x/g, '<b>').replace(/y/g, '\n\n'));
    expect(descriptionText(cutDescription(html, max)).length).toBeLessThanOrEqual(max);
  });
});
