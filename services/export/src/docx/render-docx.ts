import { chapterCharacters, estimatePages, type DocxLayout } from '@bookwright/contracts/http';
import { descriptionText } from '@bookwright/contracts/text';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  Paragraph,
  SectionType,
  TabStopType,
  TextRun,
  type ICommentOptions,
  type ISectionOptions,
} from 'docx';
import { copyrightLines } from '../domain/copyright-lines';
import type { ExportBook } from '../export-book';
import { formatPublicationDate, interiorLabels, writingLanguageCode } from '../pdf/labels';
import { typography, type Typography } from '../pdf/typography';
import { DocumentBody, type BodyChapter } from './document-body';
import {
  bookBody,
  bookFonts,
  bookStyles,
  listNumbering,
  manuscriptBody,
  manuscriptFormat,
  manuscriptStyles,
  twipsPerInch,
} from './layouts';
import { placeComments, type DocxReview } from './review';
import { numberComments, ReviewRuns } from './review-runs';
import { wordCountLine } from './word-count';

/*
 * A book as a Word document (issue 46), through the `docx` package: the manuscript with its open
 * suggestions as tracked changes and its comment threads as Word comments, in one of two layouts.
 */

export interface DocxOptions {
  layout: DocxLayout;
  review: DocxReview;
  /** Words and characters of the printed form (no suggested text), for the manuscript's title page. */
  printed: { words: number; characters: number };
  /** Who to write to about the manuscript (its owner), for the manuscript's title page. */
  contact: { name: string; email: string } | null;
}

export interface DocxFile {
  data: Uint8Array;
  /** Tracked changes and comment threads written. */
  suggestions: number;
  comments: number;
}

/** `book.document` is the manuscript as stored, with its suggestion marks (not the printed form). */
export async function renderDocx(book: ExportBook, options: DocxOptions): Promise<DocxFile> {
  const placements = placeComments(book.document, options.review.comments);
  const numbered = numberComments(placements);
  const commentCount = numbered.all.reduce((sum, entry) => sum + entry.ids.length, 0);
  const runs = new ReviewRuns(options.review, numbered.byChapter, commentCount + 1);
  // The gutter's page band only: the suggested text the stored manuscript still holds barely moves it.
  const typo = typography({ trimSize: '6x9', bleed: false }, estimatePages(chapterCharacters(book.document), '6x9'));
  const manuscript = options.layout === 'manuscript';
  const chapters = new DocumentBody(manuscript ? manuscriptBody : bookBody(typo), runs, book.images).chapters(
    book.document,
  );

  const comments: ICommentOptions[] = numbered.all.flatMap(({ ids, placement }) => {
    const { thread } = placement;
    const lost = placement.lost ? `(On text no longer in the chapter: “${thread.anchor.quote}”) ` : '';
    const [threadId = 0, ...replyIds] = ids;
    return [
      commentOf(threadId, thread.author.name, thread.createdAt, lost + thread.body, {
        resolved: thread.resolved,
      }),
      ...thread.replies.map((reply, i) =>
        commentOf(replyIds[i] ?? 0, reply.author.name, reply.createdAt, reply.body, { parentId: threadId }),
      ),
    ];
  });

  const document = new Document({
    title: book.title,
    ...(book.author ? { creator: book.author } : {}),
    ...(book.description ? { description: descriptionText(book.description) } : {}),
    ...(book.keywords.length > 0 ? { keywords: book.keywords.join(', ') } : {}),
    styles: manuscript ? manuscriptStyles() : bookStyles(typo),
    numbering: listNumbering(),
    comments: { children: comments },
    // An editor's changes in Word are tracked from the first keystroke, as in any manuscript sent out.
    ...(manuscript ? { features: { trackRevisions: true } } : { evenAndOddHeaderAndFooters: true, fonts: bookFonts() }),
    // A line ended by a line break is not spread across the measure in justified text, as in print.
    compatibility: { doNotExpandShiftReturn: true },
    sections: manuscript ? manuscriptSections(book, chapters, options) : bookSections(book, chapters, typo),
  });
  const data = new Uint8Array(await Packer.toBuffer(document));
  return { data, suggestions: runs.suggestions, comments: placements.length };
}

function commentOf(
  id: number,
  author: string,
  createdAt: string,
  body: string,
  extra: Pick<ICommentOptions, 'parentId' | 'resolved'>,
): ICommentOptions {
  return {
    id,
    author,
    initials: initials(author),
    date: new Date(createdAt),
    children: body.split(/\r?\n/).map((line) => new Paragraph({ children: [new TextRun(line)] })),
    ...extra,
  };
}

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0]?.toLocaleUpperCase() ?? '')
    .join('')
    .slice(0, 4);

/** The surname of the running head: the author's last name (the last word of the name). */
export function surnameOf(author: string): string {
  const words = author.trim().split(/\s+/).filter(Boolean);
  return words.at(-1) ?? 'Author';
}

/** The short title of the running head: the title in capitals, cut at a word to about 30 characters. */
export function shortTitle(title: string, languageCode = 'en'): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  let short = '';
  for (const word of words) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > 30 && short) break;
    short = next;
  }
  return short.replace(/[:;,.–—-]+$/, '').toLocaleUpperCase(languageCode);
}

function manuscriptSections(book: ExportBook, chapters: BodyChapter[], options: DocxOptions): ISectionOptions[] {
  const author = book.author?.trim() || options.contact?.name || 'Author';
  const textWidth = manuscriptFormat.page.width - 2 * manuscriptFormat.margin;
  const titlePage = [
    new Paragraph({
      style: 'TitlePageBlock',
      tabStops: [{ type: TabStopType.RIGHT, position: textWidth }],
      children: [
        new TextRun(options.contact?.name || author),
        new TextRun({ text: `\t${wordCountLine(options.printed.words)}` }),
      ],
    }),
    ...(options.contact?.email ? [new Paragraph({ style: 'TitlePageBlock', text: options.contact.email })] : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: Math.round(3 * twipsPerInch) },
      children: [new TextRun(book.title)],
    }),
    ...(book.subtitle ? [new Paragraph({ alignment: AlignmentType.CENTER, text: book.subtitle })] : []),
    new Paragraph({ alignment: AlignmentType.CENTER, text: `by ${author}` }),
  ];
  const body = chapters.flatMap((chapter, index) =>
    // Text before the first chapter title starts on a page of its own too.
    index === 0 && chapter.title === null
      ? [new Paragraph({ pageBreakBefore: true }), ...chapter.paragraphs]
      : chapter.paragraphs,
  );
  const head = `${surnameOf(author)} / ${shortTitle(book.title, book.languageCode)} / `;
  return [
    {
      properties: {
        titlePage: true,
        page: {
          size: manuscriptFormat.page,
          margin: {
            top: manuscriptFormat.margin,
            bottom: manuscriptFormat.margin,
            left: manuscriptFormat.margin,
            right: manuscriptFormat.margin,
            header: twipsPerInch / 2,
            footer: twipsPerInch / 2,
          },
        },
      },
      headers: {
        default: new Header({
          children: [
            new Paragraph({
              alignment: AlignmentType.RIGHT,
              spacing: { line: 240 },
              children: [new TextRun({ children: [head, PageNumber.CURRENT] })],
            }),
          ],
        }),
        first: new Header({ children: [new Paragraph({})] }),
      },
      children: [...titlePage, ...body],
    },
  ];
}

function bookSections(book: ExportBook, chapters: BodyChapter[], typo: Typography): ISectionOptions[] {
  const twips = (points: number) => Math.round(points * 20);
  const [left, top, right, bottom] = typo.pageMarginsPt;
  const page = {
    size: { width: twips(typo.pageWidthPt), height: twips(typo.pageHeightPt) },
    margin: {
      top: twips(top),
      bottom: twips(bottom),
      left: twips(left),
      right: twips(right),
      header: twips(typo.headFromTrimPt),
      footer: twips(typo.folioFromTrimPt),
    },
  };
  const writingCode = writingLanguageCode(book.language);
  const labels = interiorLabels[book.language];
  const small = Math.round(typo.bodySize * 0.8 * 2);
  const copyright = copyrightLines(book, {
    allRightsReserved: labels.allRightsReserved,
    publicationDate: (date) => formatPublicationDate(date, writingCode),
  });
  const front = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: twips(typo.textHeightPt * 0.18), line: 240 },
      children: [new TextRun({ text: book.title, size: Math.round(typo.bodySize * 2.2 * 2) })],
    }),
    ...(book.subtitle
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [new TextRun({ text: book.subtitle, italics: true, size: Math.round(typo.bodySize * 1.35 * 2) })],
          }),
        ]
      : []),
    ...(book.author
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: twips(typo.leadingPt * 3) },
            children: [new TextRun({ text: book.author, size: Math.round(typo.bodySize * 1.4 * 2) })],
          }),
        ]
      : []),
    ...(book.publisher
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: twips(typo.leadingPt * 6) },
            children: [new TextRun({ text: book.publisher, size: Math.round(typo.bodySize * 0.95 * 2) })],
          }),
        ]
      : []),
    ...copyright.map(
      (line, index) =>
        new Paragraph({
          ...(index === 0
            ? {
                pageBreakBefore: true,
                // Set low on the page, as copyright pages are.
                spacing: { before: twips(Math.max(0, typo.textHeightPt - (copyright.length + 2) * typo.leadingPt)) },
              }
            : {}),
          children: [
            new TextRun({
              text: 'gap' in line ? '' : line.text,
              size: small,
              italics: 'gap' in line ? false : !!line.italics,
            }),
          ],
        }),
    ),
  ];
  const runningHead = (text: string) =>
    new Header({ children: [new Paragraph({ style: 'RunningHead', text: text.toLocaleUpperCase(writingCode) })] });
  const folio = () =>
    new Footer({
      children: [new Paragraph({ style: 'Folio', children: [new TextRun({ children: [PageNumber.CURRENT] })] })],
    });
  const blank = () => new Header({ children: [new Paragraph({})] });
  return [
    { properties: { page }, children: front },
    ...chapters.map((chapter, index): ISectionOptions => ({
      properties: {
        page: index === 0 ? { ...page, pageNumbers: { start: 1 } } : page,
        // Chapters open on a recto, without running head or folio, as in print.
        type: SectionType.ODD_PAGE,
        titlePage: true,
      },
      headers: { default: runningHead(chapter.title ?? book.title), even: runningHead(book.title), first: blank() },
      footers: { default: folio(), even: folio(), first: new Footer({ children: [new Paragraph({})] }) },
      children: chapter.paragraphs,
    })),
  ];
}
