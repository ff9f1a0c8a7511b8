import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedLinkSchemes, TiptapDocumentSchema } from '@bookwright/contracts/http';
import { getSchema } from '@tiptap/core';
import type { MarkSpec, Schema } from '@tiptap/pm/model';
import { deletion, insertion, modification } from '@handlewithcare/prosemirror-suggest-changes';
import { bookSchema, bookSchemaExtensions, isAllowedLink } from './book-extensions';

/** What a schema says a document may hold: each node's content and each node's and mark's attributes. */
const described = (schema: Schema) => ({
  nodes: Object.values(schema.nodes).map((type) => ({
    name: type.name,
    content: type.spec.content,
    attrs: Object.fromEntries(Object.entries(type.spec.attrs ?? {}).map(([name, attr]) => [name, attr.default])),
  })),
  marks: Object.values(schema.marks).map((type) => ({
    name: type.name,
    attrs: Object.fromEntries(Object.entries(type.spec.attrs ?? {}).map(([name, attr]) => [name, attr.default])),
  })),
});

describe("the book's schema", () => {
  it('is built in Node, with no DOM', () => {
    expect('document' in globalThis).toBe(false);
    expect(bookSchema().topNodeType.name).toBe('doc');
  });

  it('holds exactly the nodes and marks the server accepts: no code blocks, sub- and superscript', () => {
    const schema = bookSchema();
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'taskItem',
        'taskList',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(
      [
        'bold',
        'code',
        'comment',
        'deletion',
        'insertion',
        'italic',
        'link',
        'modification',
        'smallCaps',
        'strike',
        'subscript',
        'superscript',
        'underline',
      ].sort(),
    );
    // What the server refuses, the schema has no type for.
    expect(TiptapDocumentSchema.safeParse({ type: 'doc', content: [{ type: 'codeBlock' }] }).success).toBe(false);
  });

  it('keeps the editor behaviour out of the document: any behaviour gives the same schema', () => {
    const editor = getSchema(
      bookSchemaExtensions({
        undoRedo: { depth: 100, newGroupDelay: 500 },
        link: { openOnClick: true, autolink: true, linkOnPaste: true, defaultProtocol: 'http' },
      }),
    );
    expect(described(editor)).toEqual(described(bookSchema()));
  });

  it('allows links without a scheme or with one of the spec’s, and no other', () => {
    for (const scheme of allowedLinkSchemes) expect(isAllowedLink(`${scheme}:x`)).toBe(true);
    expect(isAllowedLink('/chapter/2')).toBe(true);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/), (scheme) => {
        expect(isAllowedLink(`${scheme}:x`)).toBe((allowedLinkSchemes as readonly string[]).includes(scheme));
      }),
    );
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
  });

  it('has the suggestion marks of @handlewithcare/prosemirror-suggest-changes: names, attributes, exclusions, DOM', () => {
    const schema = bookSchema();
    const library: Record<string, MarkSpec> = { insertion, deletion, modification };
    for (const [name, spec] of Object.entries(library)) {
      const type = schema.marks[name]!;
      expect(type.spec.excludes).toBe(spec.excludes);
      expect(type.spec.inclusive).toBe(false);
      expect(type.spec.attrs).toEqual(spec.attrs);
      expect(type.spec.toDOM).toBe(spec.toDOM);
      expect(type.spec.parseDOM).toBe(spec.parseDOM);
    }
    // Allowed on blocks inside every node that holds blocks (the README's `marks` on doc), and on text.
    for (const name of ['doc', 'blockquote', 'bulletList', 'orderedList', 'listItem', 'taskList', 'taskItem']) {
      const type = schema.nodes[name]!;
      for (const mark of ['insertion', 'deletion', 'modification'])
        expect(type.allowsMarkType(schema.marks[mark]!)).toBe(true);
      expect(type.allowsMarkType(schema.marks.bold!)).toBe(false);
      expect(type.allowsMarkType(schema.marks.comment!)).toBe(false);
    }
    const inserted = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', marks: [{ type: 'insertion', attrs: { id: 4 } }], content: [{ type: 'paragraph' }] },
          ],
        },
      ],
    });
    expect(() => inserted.check()).not.toThrow();
    expect(() => schema.marks.insertion!.create({})).toThrow(RangeError);
  });

  it('has small capitals: a span of class small-caps, read from it or from font-variant; saved; not in code', () => {
    const schema = bookSchema();
    const smallCaps = schema.marks.smallCaps!;
    expect(smallCaps.spec.toDOM!(smallCaps.create(), true)).toEqual(['span', { class: 'small-caps' }, 0]);
    const rules = smallCaps.spec.parseDOM ?? [];
    expect(rules.map((rule) => ('tag' in rule ? rule.tag : rule.style))).toEqual([
      'span.small-caps',
      'font-variant',
      'font-variant-caps',
    ]);
    for (const rule of rules.filter((r) => 'style' in r)) {
      const attrs = (value: string) => (rule.getAttrs as (value: string) => unknown)(value);
      for (const value of ['small-caps', 'all-small-caps', 'small-caps oldstyle-nums'])
        expect(attrs(value)).not.toBe(false);
      for (const value of ['normal', 'petite-caps', 'oldstyle-nums']) expect(attrs(value)).toBe(false);
    }
    expect(schema.marks.code!.excludes(smallCaps)).toBe(true);
    const document = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: null },
          content: [{ type: 'text', text: 'Anno Domini', marks: [{ type: 'smallCaps' }] }],
        },
      ],
    };
    expect(TiptapDocumentSchema.safeParse(document).success).toBe(true);
    expect(schema.nodeFromJSON(document).toJSON()).toEqual(document);
  });

  it('has a comment mark that overlaps other comments and marks, and renders as an anchor', () => {
    const schema = bookSchema();
    const comment = schema.marks.comment!;
    expect(comment.spec.inclusive).toBe(false);
    const one = comment.create({ commentId: 'c-1' });
    const two = comment.create({ commentId: 'c-2' });
    const marks = two.addToSet(one.addToSet([schema.marks.code!.create(), schema.marks.insertion!.create({ id: 1 })]));
    expect(marks.map((mark) => mark.type.name)).toEqual(['code', 'insertion', 'comment', 'comment']);
    expect(comment.spec.toDOM!(one, true)).toEqual(['span', { class: 'comment-anchor', 'data-comment-id': 'c-1' }, 0]);
    expect(() => comment.create({})).toThrow(RangeError);
  });
});
