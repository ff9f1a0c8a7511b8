import { describe, expect, it } from 'vitest';
import type { TiptapNode } from '@bookwright/contracts/http';
import { renderBlocks, safeHref } from './tiptap-to-xhtml';
import { escapeAttribute, escapeText, packageDirectionAttribute } from './xml';

const text = (value: string, marks?: unknown[]): TiptapNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const p = (...content: TiptapNode[]): TiptapNode => ({ type: 'paragraph', content });

describe('XML escaping', () => {
  it('escapes markup characters in text and attributes', () => {
    expect(escapeText('a < b & c > "d" \'e\'')).toBe('a &lt; b &amp; c &gt; "d" \'e\'');
    expect(escapeAttribute('a < b & "c" \'d\'')).toBe('a &lt; b &amp; &quot;c&quot; &#39;d&#39;');
  });

  it('drops characters XML cannot hold and keeps emoji, combining marks and RTL text', () => {
    const kept = 'e\u0301 👩‍👩‍👧 🇮🇹 مرحبا שלום';
    expect(escapeText(`\u0000bell\u0007 ${kept}\u001F\uFFFF\uD800`)).toBe(`bell ${kept}`);
  });

  it('marks package metadata right-to-left only when its first letter is', () => {
    expect(packageDirectionAttribute('مرحبا world')).toBe(' dir="rtl"');
    expect(packageDirectionAttribute('«שלום» said she')).toBe(' dir="rtl"');
    expect(packageDirectionAttribute('Hello مرحبا')).toBe('');
  });
});

describe('tiptap to XHTML', () => {
  it('renders the editor’s blocks and marks from the allow-list', () => {
    const html = renderBlocks([
      { type: 'heading', attrs: { level: 1, textAlign: 'center' }, content: [text('One <&> "two"')] },
      p(
        text('b', [{ type: 'bold' }]),
        text('i', [{ type: 'italic' }]),
        text('u', [{ type: 'underline' }]),
        text('s', [{ type: 'strike' }]),
        text('c', [{ type: 'code' }]),
        text('sub', [{ type: 'subscript' }]),
        text('sup', [{ type: 'superscript' }]),
        text('sc', [{ type: 'smallCaps' }]),
        { type: 'hardBreak' },
        text('both', [{ type: 'italic' }, { type: 'bold' }]),
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('item'))] }] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('first'))] }] },
      { type: 'blockquote', content: [p(text('quoted'))] },
      { type: 'horizontalRule' },
    ]);
    expect(html).toBe(
      [
        '<h1 class="align-center">One &lt;&amp;&gt; "two"</h1>',
        '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><sub>sub</sub><sup>sup</sup><span class="small-caps">sc</span><br /><strong><em>both</em></strong></p>',
        '<ul>\n<li><p>item</p></li>\n</ul>',
        '<ol>\n<li><p>first</p></li>\n</ol>',
        '<blockquote>\n<p>quoted</p>\n</blockquote>',
        '<hr />',
      ].join('\n'),
    );
  });

  it('renders task items as a list with their state', () => {
    const html = renderBlocks([
      {
        type: 'taskList',
        content: [
          { type: 'taskItem', attrs: { checked: true }, content: [p(text('done'))] },
          { type: 'taskItem', attrs: { checked: false }, content: [p(text('open'))] },
        ],
      },
    ]);
    expect(html).toBe(
      [
        '<ul class="task-list">',
        '<li class="task-item task-checked"><p><span class="task-box">☑</span> done</p></li>',
        '<li class="task-item"><p><span class="task-box">☐</span> open</p></li>',
        '</ul>',
      ].join('\n'),
    );
  });

  it('maps text alignment to a class and nothing else from the attributes', () => {
    const html = renderBlocks([
      {
        type: 'paragraph',
        attrs: { textAlign: 'justify', class: 'x" onclick="evil()', style: 'color:red' },
        content: [text('a')],
      },
      { type: 'paragraph', attrs: { textAlign: '"><img src=x>' }, content: [text('b')] },
      { type: 'heading', attrs: { level: 9 }, content: [text('c')] },
    ]);
    expect(html).toBe('<p class="align-justify">a</p>\n<p>b</p>\n<h2>c</h2>');
  });

  it('lets right-to-left paragraphs choose their direction', () => {
    expect(renderBlocks([p(text('مرحبا بالعالم'))])).toBe(
      '<p dir="auto"><span lang="ar" xml:lang="ar" dir="rtl">مرحبا بالعالم</span></p>',
    );
    expect(renderBlocks([p(text('plain'))])).toBe('<p>plain</p>');
  });

  it('never emits an image, whatever the input holds', () => {
    const html = renderBlocks([
      { type: 'image', attrs: { src: 'file:///etc/passwd' } },
      p(text('<img src="file:///etc/passwd">'), { type: 'image', attrs: { src: 'http://127.0.0.1/x.png' } }),
      { type: 'figure', content: [p(text('caption'))] },
      p(text('x', [{ type: 'highlight' }, { type: 'link', attrs: { href: 'file:///etc/passwd' } }])),
    ]);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('href');
    expect(html).toBe('\n<p>&lt;img src="file:///etc/passwd"&gt;</p>\n<p>caption</p>\n<p>x</p>');
  });

  it('keeps a blank paragraph as a visible empty line', () => {
    expect(renderBlocks([{ type: 'paragraph' }])).toBe('<p class="blank">&#160;</p>');
  });
});

describe('link targets', () => {
  it.each([
    ['https://example.com/a?b=1&c=2', 'https://example.com/a?b=1&c=2'],
    ['HTTP://Example.com', 'http://example.com/'],
    ['mailto:ann@example.com', 'mailto:ann@example.com'],
    ['tel:+391234567', 'tel:+391234567'],
    ['www.example.com/page', 'http://www.example.com/page'],
    ['//example.com/x', 'http://example.com/x'],
  ])('keeps %s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    'vbscript:x',
    '/relative/path',
    '#anchor',
    '',
    'http:',
    42,
  ])('drops %s', (href) => {
    expect(safeHref(href)).toBeNull();
  });
});
