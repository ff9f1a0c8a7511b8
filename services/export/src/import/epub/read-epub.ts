import { posix } from 'node:path';
import { bookImageMaxBytes, type TiptapNode } from '@bookwright/contracts/http';
import { ImportedImages } from '../images/imported-images';
import { importRefusal } from '../refusal';
import type { DeclaredMetadata, DroppedCounts, SourceBlock, SourceDocument } from '../source/source-document';
import { readZip } from '../zip/read-zip';
import { elementsNamed, firstNamed, parseMarkup, textOf, type MarkupElement } from './markup-tree';
import { smallCapsClasses } from './small-caps-classes';
import { documentRole, xhtmlBlocks, type XhtmlContext } from './xhtml-blocks';

/**
 * The package, its documents and stylesheets, and its pictures within the image limit (a larger one is
 * dropped, never inflated).
 */
const wantedFile = (name: string, size: number): boolean =>
  /\.(?:opf|xhtml|html|htm|xml|ncx|css)$/i.test(name) ||
  (/\.(?:png|jpe?g|webp|gif|svg|tiff?|bmp)$/i.test(name) && size <= bookImageMaxBytes);

/**
 * An EPUB 2 or 3: the package document named by META-INF/container.xml, its spine in reading order
 * (linear or not: a note file may be non-linear), each document's body. Documents that say they are the
 * cover, title page, copyright page, dedication or table of contents (by `epub:type`, or the EPUB 3
 * navigation document) are front matter. Each document's top heading is its chapter's title.
 */
export async function readEpub(bytes: Buffer): Promise<SourceDocument> {
  const zip = await readZip(bytes, wantedFile);
  const text = (name: string) => zip.files.get(name)?.toString('utf8');
  const container = text('META-INF/container.xml');
  const opfPath =
    (container && firstNamed(parseMarkup(container), 'rootfile')?.attrs['full-path']) ??
    zip.names.find((name) => name.toLowerCase().endsWith('.opf'));
  const opfText = opfPath ? text(opfPath) : undefined;
  if (!opfPath || !opfText) throw importRefusal('corrupt');
  const opf = parseMarkup(opfText);
  const base = posix.dirname(opfPath);
  const manifest = new Map(
    elementsNamed(opf, 'item').map((item) => [
      item.attrs['id'] ?? '',
      {
        href: resolve(base, item.attrs['href'] ?? ''),
        properties: item.attrs['properties'] ?? '',
        type: item.attrs['media-type'] ?? '',
      },
    ]),
  );
  const dropped: DroppedCounts = {};
  const notes = new Map<string, TiptapNode[]>();
  const waiting: XhtmlContext['images'] = new Map();
  const blocks: SourceBlock[] = [];
  const styled = smallCapsClasses(zip.names.filter((name) => /\.css$/i.test(name)).map((name) => text(name) ?? ''));
  for (const itemref of elementsNamed(opf, 'itemref')) {
    const item = manifest.get(itemref.attrs['idref'] ?? '');
    const source = item ? text(item.href) : undefined;
    if (!item || source === undefined) continue;
    const root = parseMarkup(source);
    const body = firstNamed(root, 'body');
    if (!body) continue;
    const role = item.properties.split(/\s+/).includes('nav') ? 'table-of-contents' : documentRole(body);
    const documentBlocks = normaliseHeadings(
      xhtmlBlocks(body, { notes, dropped, documentId: item.href, images: waiting, smallCapsClasses: styled }),
    );
    documentBlocks.forEach((block, index) => {
      if (role && role !== 'chapter') block.role = role;
      if (index === 0) block.startsDocument = true;
      blocks.push(block);
    });
  }
  if (blocks.length === 0 && manifest.size === 0) throw importRefusal('corrupt');
  const images = new ImportedImages(dropped);
  const withImages = await readImages(blocks, waiting, images, (href) => ({
    bytes: zip.files.get(href),
    listed: zip.names.includes(href),
  }));
  return { kind: 'epub', blocks: withImages, notes, declared: packageMetadata(opf), dropped, images };
}

/**
 * Each placeholder the documents left replaced by its image (read, checked and named, one at a time), or
 * taken out when the image is dropped. A placeholder no block holds any more (in a note) is dropped too.
 */
async function readImages(
  blocks: SourceBlock[],
  waiting: XhtmlContext['images'],
  images: ImportedImages,
  file: (href: string) => { bytes: Buffer | undefined; listed: boolean },
): Promise<SourceBlock[]> {
  const seen = new Set<TiptapNode>();
  const resolve = async (nodes: TiptapNode[]): Promise<TiptapNode[]> => {
    const kept: TiptapNode[] = [];
    for (const node of nodes) {
      const image = waiting.get(node);
      if (image) {
        seen.add(node);
        const { bytes, listed } = file(image.href);
        const read = await images.node(bytes ?? (listed ? 'tooLarge' : 'missing'), image.alt);
        if (read) kept.push(read);
      } else kept.push(node.content ? { ...node, content: await resolve(node.content) } : node);
    }
    return kept;
  };
  const kept: SourceBlock[] = [];
  for (const block of blocks) {
    const [node] = await resolve([block.node]);
    if (node) kept.push({ ...block, node });
  }
  for (const node of waiting.keys()) if (!seen.has(node)) images.drop('placement');
  return kept;
}

function resolve(base: string, href: string): string {
  let path = href.split('#')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is kept as written.
  }
  return posix.normalize(posix.join(base === '.' ? '' : base, path)).replace(/^\/+/, '');
}

/**
 * One document is one chapter in most EPUBs, titled by its top heading, whatever its level (h1 in
 * pandoc's and ours, h2 under a book title in others): the top level becomes 1, the others follow.
 */
function normaliseHeadings(blocks: SourceBlock[]): SourceBlock[] {
  const levels = blocks
    .filter((block) => block.node.type === 'heading')
    .map((block) => Number(block.node.attrs?.['level'] ?? 1));
  if (levels.length === 0) return blocks;
  const top = Math.min(...levels);
  return blocks.map((block) => {
    if (block.node.type !== 'heading') return block;
    const level = Math.min(3, Number(block.node.attrs?.['level'] ?? 1) - top + 1);
    return { ...block, node: { ...block.node, attrs: { ...block.node.attrs, level } } };
  });
}

function packageMetadata(opf: MarkupElement): DeclaredMetadata {
  const field = (name: string) => {
    const element = firstNamed(opf, name);
    const value = element ? textOf(element).replace(/\s+/g, ' ').trim() : '';
    return value.length > 0 ? value : undefined;
  };
  const title = field('dc:title');
  const author = field('dc:creator');
  const rights = field('dc:rights');
  return { ...(title ? { title } : {}), ...(author ? { author } : {}), ...(rights ? { rights } : {}) };
}
