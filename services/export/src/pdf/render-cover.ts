import type { PrintOptions } from '@bookwright/contracts/http';
import type { Content, ContentText, TDocumentDefinitions } from 'pdfmake/interfaces';
import sharp from 'sharp';
import type { ExportBook } from '../export-book';
import { drawnOrder, fontData, fontFamilies, fontMetrics, normalizeSpaces, splitByCoverage } from '../fonts';
import { coverParagraphs, cutParagraph, paragraphText, wordCount, type CoverParagraph } from './cover-description';
import { estimateLines } from './interior-content';
import {
  barcodeArea,
  CoverImageRequiredError,
  coverLayout,
  inchesToPoints,
  spineText,
  type CoverLayout,
} from './kdp-rules';
import { finishPdf, layoutPdf } from './pdfmake';
import { printText } from './text-runs';

/** The highest resolution the front image is embedded at; more only makes the file bigger. */
const maxEmbeddedDpi = 450;

/**
 * The KDP paperback cover: one page, the full wrap back | spine | front with 0.125" bleed all round, sized
 * by KDP's formula from the interior's page count and paper. The front is the cover image scaled to cover
 * its panel (cropped to the panel's shape, never enlarged); spine and back take a colour sampled from the
 * image's spine-side edge so the wrap reads as one piece. The back carries the title and description above
 * a white 2" × 1.2" box KDP keeps clear for its barcode; the spine carries title and author, rotated, from
 * 79 pages, 0.0625" clear of both folds. Hardcover throws HardcoverCoverNotSupportedError.
 */
export async function renderCoverPdf(
  book: ExportBook,
  options: PrintOptions,
  interiorPageCount: number,
): Promise<Uint8Array> {
  const layout = coverLayout(options, interiorPageCount);
  if (!book.cover) throw new CoverImageRequiredError();
  const front = await prepareFrontImage(book.cover.data, layout);
  const palette = paletteFor(front.edgeColour);
  const pt = inchesToPoints;

  const background: Content = {
    canvas: [{ type: 'rect', x: 0, y: 0, w: layout.widthPt, h: layout.heightPt, color: palette.background }],
    absolutePosition: { x: 0, y: 0 },
  };
  const frontImage: Content = {
    image: `data:image/jpeg;base64,${Buffer.from(front.jpeg).toString('base64')}`,
    width: pt(layout.frontRightIn + layout.bleedIn - layout.spineRightIn),
    height: layout.heightPt,
    absolutePosition: { x: pt(layout.spineRightIn), y: 0 },
  };
  const barcode = barcodeBox(layout);
  const definition: TDocumentDefinitions = {
    pageSize: { width: layout.widthPt, height: layout.heightPt },
    pageMargins: 0,
    version: '1.4',
    subset: 'PDF/A-1b',
    language: book.languageCode,
    info: {
      title: `${book.title} (cover)`,
      author: book.author ?? undefined,
      subject: 'KDP paperback cover',
      keywords: book.keywords.join(', ') || undefined,
      creator: 'Bookwright',
      producer: 'Bookwright (pdfmake)',
    },
    defaultStyle: { font: fontFamilies.body, fontSize: 11, color: palette.text },
    content: [
      background,
      frontImage,
      backCoverText(book, layout, barcode.topIn),
      {
        canvas: [{ type: 'rect', x: 0, y: 0, w: pt(barcode.widthIn), h: pt(barcode.heightIn), color: '#ffffff' }],
        absolutePosition: { x: pt(barcode.leftIn), y: pt(barcode.topIn) },
      },
    ],
  };
  const doc = await layoutPdf(definition);
  if (layout.spineTextAllowed) drawSpineText(doc, book, layout, palette.text);
  return finishPdf(doc);
}

/** The barcode's clear box, from the top-left of the wrap. */
function barcodeBox(layout: CoverLayout) {
  const leftIn = layout.spineLeftIn - barcodeArea.fromSpineIn - barcodeArea.widthIn;
  const topIn = layout.heightIn - layout.bleedIn - barcodeArea.fromBottomIn - barcodeArea.heightIn;
  return { leftIn, topIn, widthIn: barcodeArea.widthIn, heightIn: barcodeArea.heightIn };
}

interface FrontImage {
  jpeg: Uint8Array;
  dpi: number;
  /** The dominant colour of the image's spine-side strip. */
  edgeColour: { r: number; g: number; b: number };
}

/** Crops the image to the front panel's shape (centred), caps its resolution and makes it a plain sRGB JPEG. */
async function prepareFrontImage(data: Uint8Array, layout: CoverLayout): Promise<FrontImage> {
  const panelWidthIn = layout.frontRightIn + layout.bleedIn - layout.spineRightIn;
  const panelHeightIn = layout.heightIn;
  const source = sharp(data, { limitInputPixels: 100_000_000 }).rotate();
  const meta = await source.metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new Error('The cover image has no size');
  const aspect = panelWidthIn / panelHeightIn;
  const cropWidth = Math.min(width, Math.round(height * aspect));
  const cropHeight = Math.min(height, Math.round(width / aspect));
  const left = Math.floor((width - cropWidth) / 2);
  const top = Math.floor((height - cropHeight) / 2);
  const dpi = cropWidth / panelWidthIn;
  const targetWidth = dpi > maxEmbeddedDpi ? Math.round(panelWidthIn * maxEmbeddedDpi) : cropWidth;

  const jpeg = await source
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize({ width: targetWidth })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const embedded = await sharp(jpeg).metadata();
  const strip = await sharp(jpeg)
    .extract({
      left: 0,
      top: 0,
      width: Math.max(1, Math.round((embedded.width ?? 1) * 0.06)),
      height: embedded.height ?? 1,
    })
    .stats();
  return { jpeg, dpi: Math.min(dpi, maxEmbeddedDpi), edgeColour: strip.dominant };
}

/** Background from the sampled colour, text in black or white, whichever reads better on it. */
function paletteFor(colour: { r: number; g: number; b: number }): { background: string; text: string } {
  const hex = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);
  return {
    background: `#${hex(colour.r)}${hex(colour.g)}${hex(colour.b)}`,
    text: luminance > 0.36 ? '#161616' : '#ffffff',
  };
}

/** Title and description on the back panel, sized to end above the barcode box. */
function backCoverText(book: ExportBook, layout: CoverLayout, barcodeTopIn: number): Content {
  const pt = inchesToPoints;
  const safeIn = 0.5;
  const leftIn = layout.backLeftIn + safeIn;
  const widthIn = layout.trimWidthIn - 2 * safeIn;
  const topIn = layout.bleedIn + 0.7;
  const availableIn = barcodeTopIn - 0.3 - topIn;
  const paragraphs = coverParagraphs(book.description);

  // The largest body size from 12 pt down to 8 pt at which title and description fit; cut the rest.
  let size = 12;
  const heightAt = (s: number, texts: CoverParagraph[]) =>
    texts.reduce(
      (sum, p) => sum + estimateLines(paragraphText(p), s, pt(widthIn) - p.depth * s * 1.2, 0) * s * 1.45 + s * 0.6,
      0,
    ) +
    s * 4.5;
  while (size > 8 && heightAt(size, paragraphs) > pt(availableIn)) size -= 0.5;
  const fitted: CoverParagraph[] = [];
  for (const paragraph of paragraphs) {
    if (heightAt(size, [...fitted, paragraph]) <= pt(availableIn)) {
      fitted.push(paragraph);
      continue;
    }
    let words = wordCount(paragraph) - 1;
    while (words > 1 && heightAt(size, [...fitted, cutParagraph(paragraph, words)]) > pt(availableIn)) words -= 1;
    if (words > 1) fitted.push(cutParagraph(paragraph, words));
    break;
  }

  const block: ContentText[] = [
    { text: inlineText(book.title), fontSize: size * 1.7, bold: true, lineHeight: 1.1, margin: [0, 0, 0, size * 0.3] },
    ...(book.author
      ? [
          {
            text: inlineText(book.author),
            fontSize: size * 1.15,
            italics: true,
            margin: [0, 0, 0, size * 1.4],
          } as ContentText,
        ]
      : []),
    ...fitted.map((p): ContentText => ({
      // Formatted runs of the rich text (bold, italics, line breaks), never its tags.
      text: [
        ...(p.marker ? [{ text: `${p.marker}\u00a0` }] : []),
        ...p.runs.map((run): ContentText => ({ text: inlineText(run.text), bold: run.bold, italics: run.italics })),
      ],
      fontSize: size,
      lineHeight: 1.3,
      alignment: p.marker ? 'left' : 'justify',
      margin: [p.depth * size * 1.2, 0, 0, size * 0.6],
    })),
  ];
  // A fixed-width column: an absolutely positioned block would otherwise take the whole page's width.
  return { columns: [{ width: pt(widthIn), stack: block }], absolutePosition: { x: pt(leftIn), y: pt(topIn) } };
}

function inlineText(text: string): string | ContentText[] {
  return printText(text);
}

/**
 * "Title — Author" along the spine, reading top to bottom (the tops of the letters towards the front
 * cover), drawn with pdfkit since pdfmake cannot rotate text. The font's whole line box (hhea ascender to
 * descender, which is what preflight tools measure) is centred across the spine and kept 0.0625" from both
 * folds; the size shrinks further to fit the spine's length.
 */
function drawSpineText(doc: PDFKit.PDFDocument, book: ExportBook, layout: CoverLayout, colour: string): void {
  const pt = inchesToPoints;
  const clearance = pt(spineText.foldClearanceIn);
  const thickness = pt(layout.spineIn) - 2 * clearance;
  const metrics = fontMetrics(fontFamilies.body, 'bold');
  const band = metrics.ascender - metrics.descender;
  let size = Math.min(16, (0.95 * thickness) / band);
  if (size < 2) return;
  const title = singleLine(book.title);
  const author = book.author ? singleLine(book.author) : '';
  // Each run in the font that has its glyphs: a Japanese or Arabic title must not print as boxes.
  const pieces = [
    ...drawnOrder(splitByCoverage(title)).map((r) => ({ ...r, style: 'bold' as const })),
    ...(author
      ? drawnOrder(splitByCoverage(`\u00a0\u00a0\u2014\u00a0\u00a0${author}`)).map((r) => ({
          ...r,
          style: 'normal' as const,
        }))
      : []),
  ].map((p) => {
    // Registered once by name: pdfkit would otherwise parse the font file again on every size tried.
    const font = `spine-${p.family}-${p.style}`;
    doc.registerFont(font, Buffer.from(fontData(p.family, p.style)));
    return { text: p.text, font };
  });
  const widthAt = (s: number) => pieces.reduce((sum, p) => sum + doc.font(p.font).fontSize(s).widthOfString(p.text), 0);
  const maxLength = pt(layout.trimHeightIn) - pt(1);
  while (size > 2 && widthAt(size) > maxLength) size -= 0.25;

  const centreX = pt((layout.spineLeftIn + layout.spineRightIn) / 2);
  const centreY = layout.heightPt / 2;
  // pdfkit's y is the top of the line box (the baseline sits `ascender` below it): centre the box.
  const y = centreY - (band / 2) * size;
  const total = widthAt(size);
  doc.save();
  doc.rotate(90, { origin: [centreX, centreY] });
  doc.fillColor(colour);
  let x = centreX - total / 2;
  for (const piece of pieces) {
    doc.font(piece.font).fontSize(size).text(piece.text, x, y, { lineBreak: false });
    x += doc.widthOfString(piece.text);
  }
  doc.restore();
}

function singleLine(text: string): string {
  return normalizeSpaces(text).replace(/\s+/g, ' ').trim();
}
