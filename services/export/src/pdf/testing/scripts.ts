import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';

/**
 * Samples in the ten scripts a European-language book may quote: what an author types into a title,
 * an epigraph, a name or a quotation. Used by the every-script print and EPUB tests.
 */
export const scriptSamples = {
  latin: 'Příliš žluťoučký kůň',
  japanese: '未来からの手紙',
  chinese: '你好世界',
  korean: '안녕하세요',
  greek: 'Ἐν ἀρχῇ ἦν ὁ λόγος',
  cyrillic: 'Фёдор Достоевский',
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם',
  devanagari: 'नमस्ते दुनिया',
  thai: 'สวัสดีชาวโลก',
} as const;
export type SampleScript = keyof typeof scriptSamples;

/** The BCP 47 code an author marks each sample with (the editor's language mark). */
export const sampleLanguages: Record<SampleScript, string> = {
  latin: 'cs',
  japanese: 'ja',
  chinese: 'zh-Hans',
  korean: 'ko',
  greek: 'grc',
  cyrillic: 'ru',
  arabic: 'ar',
  hebrew: 'he',
  devanagari: 'hi',
  thai: 'th',
};

const text = (value: string): TiptapNode => ({ type: 'text', text: value });

/** A two-chapter manuscript: each chapter heading and paragraph quotes every script. */
export function mixedScriptDocument(filler: (seed: number) => string): TiptapDocument {
  const content: TiptapNode[] = [];
  const scripts = Object.keys(scriptSamples) as SampleScript[];
  for (const [index, title] of [
    `The Letter ${scriptSamples.japanese}`,
    `Друзья and ${scriptSamples.arabic}`,
  ].entries()) {
    content.push({ type: 'heading', attrs: { level: 1 }, content: [text(title)] });
    for (const script of scripts) {
      content.push({
        type: 'paragraph',
        content: [
          text(`In ${script}: ${scriptSamples[script]}, she said. ${filler(index * 20 + scripts.indexOf(script))}`),
        ],
      });
    }
  }
  return { type: 'doc', content };
}
