import {
  defaultBleed,
  defaultIsPaperback,
  defaultPaperColor,
  defaultTrimSize,
  type ExportType,
  type PaperColor,
  type TrimSize,
} from '@bookwright/contracts/http';
import { exportTexts } from './texts';
import type { ExportFormat } from './exportErrors';
import type { PrintChoice } from './PrintOptionsStep';

/** Spec §4: the format list, then the metadata completion step, the print options, or a direct export. */
export type ExportStep = 'formats' | 'metadata' | 'pdf' | 'docx';

export const defaultPrint: PrintChoice = {
  trimSize: defaultTrimSize as TrimSize,
  paperColor: defaultPaperColor as PaperColor,
  bleed: defaultBleed,
  isPaperback: defaultIsPaperback,
  exportType: 'interior',
};

export function successText(format: ExportFormat, exportType: ExportType): string {
  if (format !== 'pdf' || exportType === 'interior') return exportTexts.exported(format);
  return exportType === 'both' ? exportTexts.bothExported : exportTexts.coverExported;
}

/** The dialog's heading and description at each step. */
export function stepTexts(step: ExportStep): { title: string; description: string } {
  if (step === 'metadata') return { title: exportTexts.missingTitle, description: exportTexts.missingDescription };
  if (step === 'pdf') return { title: exportTexts.pdfTitle, description: exportTexts.pdfDescription };
  if (step === 'docx') return { title: exportTexts.wordTitle, description: exportTexts.wordDescription };
  return { title: exportTexts.title, description: exportTexts.description };
}
