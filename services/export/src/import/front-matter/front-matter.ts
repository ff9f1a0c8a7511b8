import type { FrontMatterKind, TiptapNode } from '@bookwright/contracts/http';
import { readsAsChapterTitle } from '../chapters';
import { inlineText } from '../source/inline-text';
import type { DeclaredMetadata, SourceBlock } from '../source/source-document';

/**
 * The front matter of a manuscript, the blocks before its first chapter, read as a typesetter reads it:
 * the title page (title, subtitle, author), the copyright page (rights), a dedication, and a table of
 * contents (Word's, or a typed "Contents" list). None of it becomes a chapter: the book makes its own
 * title, copyright and contents pages from its metadata, which the title, author and rights found here
 * prefill. Anything else there (an epigraph, a note to the reader) stays, before the first chapter.
 */
export interface FrontMatter {
  kinds: FrontMatterKind[];
  metadata: DeclaredMetadata;
  /** What stays in the book, in order. */
  kept: TiptapNode[];
}

const copyrightLine =
  /©|\(c\)\s*\d{4}|\bcopyright\b|all rights reserved|\bISBN\b|alle rechte|tous droits|tutti i diritti|todos los derechos|todos os direitos|published by|first (?:published|edition)|printed in/i;
const contentsTitle =
  /^(?:(?:table of )?contents|inhalt|inhaltsverzeichnis|sommaire|table des matières|indice|índice|contenido|contenidos|sumário|inhoud|indholdsfortegnelse|innehåll|innhold|spis treści|obsah|sisällys)$/i;
const dedicationTitle = /^(?:dedication|widmung|dédicace|dedica|dedicatoria|dedicatória|opdracht)$/i;
const titlePageTitle = /^(?:title page|titelseite|page de titre|frontespizio)$/i;
const copyrightTitle = /^(?:copyright|impressum|colophon|mentions légales|copyright page)$/i;
const dedicationLine = /^(?:for|to|in memory of|für|pour|à|per|a|para|voor|til|för|dla|pro)\s/i;
const byLine = /^(?:by|von|de|par|di|da|door|af|av|autor:|author:)\s+(.{2,100})$/i;
const tocEntry = /(?:\.{3,}|\t|\s)\d{1,4}$/;

/** Front matter kinds a heading names: a manuscript where "Contents" or "Dedication" is a Heading 1. */
export function frontMatterHeadingKind(text: string): FrontMatterKind | undefined {
  const line = text.trim();
  if (contentsTitle.test(line)) return 'table-of-contents';
  if (dedicationTitle.test(line)) return 'dedication';
  if (copyrightTitle.test(line)) return 'copyright';
  if (titlePageTitle.test(line)) return 'title-page';
  return undefined;
}

export function readFrontMatter(blocks: readonly SourceBlock[], declared: DeclaredMetadata): FrontMatter {
  const kinds = new Set<FrontMatterKind>();
  const metadata: DeclaredMetadata = {};
  const kept: TiptapNode[] = [];
  let section: FrontMatterKind | undefined;
  blocks.forEach((block, index) => {
    const text = inlineText(block.node.content).replace(/\s+/g, ' ').trim();
    const style = block.style ?? '';
    const styles = style.split(/\s+/);
    const named = block.node.type === 'heading' ? frontMatterHeadingKind(text) : undefined;
    const kind = ((): FrontMatterKind | 'kept' | 'skip' => {
      if (text === '' && block.node.type !== 'horizontalRule') return 'skip';
      if (block.node.type === 'horizontalRule') return 'skip';
      if (styles.includes('subtitle')) return 'title-page';
      const known = metadata.title ?? declared.title;
      if (known !== undefined && text.toLowerCase() === known.replace(/\s+/g, ' ').trim().toLowerCase()) {
        metadata.title ??= text;
        return 'title-page';
      }
      if (styles.includes('title') || styles.includes('doc-title')) {
        metadata.title ??= text;
        return 'title-page';
      }
      if (styles.includes('author')) {
        metadata.author ??= text;
        return 'title-page';
      }
      if (styles.some((s) => s.startsWith('toc')) || named === 'table-of-contents') return 'table-of-contents';
      if (named) return named;
      if (styles.includes('rights') || copyrightLine.test(text)) {
        if (/©|\(c\)|copyright/i.test(text)) metadata.rights ??= text;
        return 'copyright';
      }
      if (styles.includes('dedication')) return 'dedication';
      if (block.role && block.role !== 'other') {
        if (block.role === 'title-page' && block.node.type === 'heading') metadata.title ??= text;
        return block.role;
      }
      const by = byLine.exec(text);
      if (by && text.split(' ').length <= 12) {
        metadata.author ??= by[1]!.trim();
        return 'title-page';
      }
      // A table of contents typed by hand: the lines after "Contents" that name chapters or end in a page.
      if (section === 'table-of-contents' && (readsAsChapterTitle(text) || tocEntry.test(text))) return section;
      if (dedicationLine.test(text) && text.split(' ').length <= 25 && block.node.type === 'paragraph')
        return 'dedication';
      // The first short lines of a manuscript are its title page.
      if (index < 3 && metadata.title === undefined && text.split(' ').length <= 15 && kinds.size === 0) {
        metadata.title = text;
        return 'title-page';
      }
      if (section === 'title-page' && text.split(' ').length <= 12 && kinds.size === 1) return 'title-page';
      return 'kept';
    })();
    if (kind === 'skip') return;
    if (kind === 'kept') {
      kept.push(block.node);
      return;
    }
    kinds.add(kind);
    section = kind;
  });
  return {
    kinds: [...kinds],
    metadata: {
      ...((metadata.title ?? declared.title) ? { title: metadata.title ?? declared.title } : {}),
      ...((metadata.author ?? declared.author) ? { author: metadata.author ?? declared.author } : {}),
      ...((metadata.rights ?? declared.rights) ? { rights: metadata.rights ?? declared.rights } : {}),
    },
    kept,
  };
}
