import { AlignmentType, LevelFormat, type INumberingOptions, type IPropertiesOptions, type IStylesOptions } from 'docx';
import { fontData, fontFamilies } from '../fonts';
import type { Typography } from '../pdf/typography';
import { numberingReferences, type BodyLayout } from './document-body';

/*
 * The two Word layouts' measures and styles (issue 46). Word measures in twentieths of a point ("twips",
 * 1440 an inch) and font sizes in half-points.
 */

export const twipsPerInch = 1440;
const twips = (points: number) => Math.round(points * 20);
const halfPoints = (points: number) => Math.round(points * 2);

/**
 * Standard manuscript format, as agents and editors ask for it: US Letter, 1-inch margins, 12 pt Times New
 * Roman, double-spaced, ragged right, every paragraph indented half an inch, each chapter on a new page
 * starting a third of the way down, "#" for a scene break.
 */
export const manuscriptFormat = {
  font: 'Times New Roman',
  sizePt: 12,
  page: { width: 8.5 * twipsPerInch, height: 11 * twipsPerInch },
  margin: twipsPerInch,
  /** Word's "double": 240 is single spacing for lineRule auto. */
  line: 480,
  indent: twipsPerInch / 2,
  /** A chapter's title starts a third of the way down the page: 11in / 3 less the 1in margin. */
  chapterDrop: Math.round((11 / 3 - 1) * twipsPerInch),
} as const;

export const manuscriptBody: BodyLayout = {
  bodyAlignment: AlignmentType.LEFT,
  firstLineIndent: manuscriptFormat.indent,
  indentAfterBreaks: true,
  sceneBreak: '#',
  quoteInset: manuscriptFormat.indent,
  chapterHeading: () => ({ pageBreakBefore: true }),
};

export function manuscriptStyles(): IStylesOptions {
  const run = { font: manuscriptFormat.font, size: halfPoints(manuscriptFormat.sizePt), color: '000000' };
  const heading = (id: string, name: string, extra: { bold?: boolean; italics?: boolean }, before: number) => ({
    id,
    name,
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    run: { ...run, ...extra },
    paragraph: {
      alignment: id === 'Heading1' ? AlignmentType.CENTER : AlignmentType.LEFT,
      spacing: { before, after: manuscriptFormat.line / 2, line: manuscriptFormat.line },
      keepNext: true,
      outlineLevel: Number(id.slice(-1)) - 1,
    },
  });
  return {
    default: {
      document: { run, paragraph: { spacing: { line: manuscriptFormat.line, before: 0, after: 0 } } },
    },
    paragraphStyles: [
      heading('Heading1', 'Heading 1', {}, manuscriptFormat.chapterDrop),
      heading('Heading2', 'Heading 2', { bold: true }, manuscriptFormat.line / 2),
      heading('Heading3', 'Heading 3', { italics: true }, manuscriptFormat.line / 2),
      {
        id: 'BlockQuote',
        name: 'Block Quote',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        paragraph: { indent: { left: manuscriptFormat.indent, right: manuscriptFormat.indent } },
      },
      { id: 'SceneBreak', name: 'Scene Break', basedOn: 'Normal', next: 'Normal', quickFormat: true },
      {
        id: 'TitlePageBlock',
        name: 'Title Page Block',
        basedOn: 'Normal',
        next: 'Normal',
        paragraph: { spacing: { line: 240 } },
      },
    ],
  };
}

/**
 * The print interior's settings (pdf/typography.ts and kdp-rules.ts: trim, margins, Literata at the body
 * size and leading, indents of 1.5 em, chapters opening on a recto well down the page, scene breaks of
 * three spaced asterisks) as Word styles, for a publisher's designer.
 */
export function bookBody(typo: Typography): BodyLayout {
  return {
    bodyAlignment: AlignmentType.BOTH,
    firstLineIndent: twips(typo.indentPt),
    indentAfterBreaks: false,
    sceneBreak: '*\u00a0\u00a0\u00a0\u00a0*\u00a0\u00a0\u00a0\u00a0*',
    quoteInset: twips(typo.indentPt * 1.5),
    // Each chapter is a section of its own that starts on an odd page (render-docx.ts).
    chapterHeading: () => ({}),
  };
}

export function bookStyles(typo: Typography): IStylesOptions {
  const font = fontFamilies.body;
  const run = { font, size: halfPoints(typo.bodySize), color: '000000' };
  const exact = { line: twips(typo.leadingPt), lineRule: 'exact' as const };
  return {
    default: { document: { run, paragraph: { spacing: { ...exact, before: 0, after: 0 } } } },
    paragraphStyles: [
      {
        id: 'Heading1',
        name: 'Heading 1',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        run: { ...run, size: halfPoints(typo.h1Size) },
        paragraph: {
          alignment: AlignmentType.CENTER,
          spacing: {
            before: twips(typo.chapterSinkPt),
            after: twips(typo.leadingPt * 2.5),
            line: 240,
            lineRule: 'auto',
          },
          keepNext: true,
          outlineLevel: 0,
        },
      },
      {
        id: 'Heading2',
        name: 'Heading 2',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        run: { ...run, size: halfPoints(typo.h2Size), bold: true },
        paragraph: {
          spacing: {
            before: twips(typo.leadingPt * 1.2),
            after: twips(typo.leadingPt * 0.4),
            line: 240,
            lineRule: 'auto',
          },
          keepNext: true,
          outlineLevel: 1,
        },
      },
      {
        id: 'Heading3',
        name: 'Heading 3',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        run: { ...run, size: halfPoints(typo.h3Size), bold: true, italics: true },
        paragraph: {
          spacing: {
            before: twips(typo.leadingPt * 0.8),
            after: twips(typo.leadingPt * 0.4),
            line: 240,
            lineRule: 'auto',
          },
          keepNext: true,
          outlineLevel: 2,
        },
      },
      {
        id: 'BlockQuote',
        name: 'Block Quote',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        paragraph: { spacing: { before: twips(typo.leadingPt * 0.5), after: twips(typo.leadingPt * 0.5) } },
      },
      {
        id: 'SceneBreak',
        name: 'Scene Break',
        basedOn: 'Normal',
        next: 'Normal',
        quickFormat: true,
        paragraph: { spacing: { before: twips(typo.leadingPt * 0.5), after: twips(typo.leadingPt * 0.5) } },
      },
      {
        id: 'RunningHead',
        name: 'Running Head',
        basedOn: 'Normal',
        run: { size: halfPoints(typo.runningHeadSize), characterSpacing: 20 },
        paragraph: { alignment: AlignmentType.CENTER },
      },
      {
        id: 'Folio',
        name: 'Folio',
        basedOn: 'Normal',
        run: { size: halfPoints(typo.folioSize) },
        paragraph: { alignment: AlignmentType.CENTER },
      },
    ],
  };
}

/**
 * The book layout's face, embedded, so that Word shows Literata where it is not installed (its licence, the
 * OFL, allows it). The docx package embeds one file per family, the regular face (`w:embedRegular`):
 * where Literata is not installed, Word draws bold and italics from it.
 */
export function bookFonts(): NonNullable<IPropertiesOptions['fonts']> {
  const regular = fontData(fontFamilies.body, 'normal');
  return [{ name: fontFamilies.body, data: Buffer.from(regular.buffer, regular.byteOffset, regular.byteLength) }];
}

/** Bullets and numbers of the editor's lists, five levels deep, indented half an inch a level. */
export function listNumbering(): INumberingOptions {
  const levels = (format: 'bullet' | 'decimal') =>
    [0, 1, 2, 3, 4].map((level) => ({
      level,
      format: format === 'bullet' ? LevelFormat.BULLET : LevelFormat.DECIMAL,
      text: format === 'bullet' ? ['\u2022', '\u25e6', '\u25aa', '\u2022', '\u25e6'][level] : `%${level + 1}.`,
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
    }));
  return {
    config: [
      { reference: numberingReferences.bullet, levels: levels('bullet') },
      { reference: numberingReferences.ordered, levels: levels('decimal') },
    ],
  };
}
