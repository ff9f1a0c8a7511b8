import type { BookLanguage } from '@bookwright/contracts/http';
import { bankFor, type LanguageBank } from '@bookwright/offline';

const presetDemo: Record<string, (text: string, bank: LanguageBank) => string> = {
  shorter: (text) => text.split(/(?<=[.!?])\s+/)[0] ?? text,
  longer: (text, bank) => `${text} ${bank.demo.longer}`,
  vivid: (text, bank) => `${text} ${bank.demo.vivid}`,
  simpler: (text) => text.replace(/,[^,.]*,/g, ''),
  grammar: (text) => text.replace(/\s+/g, ' ').replace(/^./, (c) => c.toUpperCase()),
};

/**
 * The editor's rewrite without a model: a clearly marked demo in the book's language (English when the
 * request does not say it), so the flow runs offline.
 */
export function composeRewrite(task: {
  text: string;
  instruction: string;
  language?: BookLanguage | undefined;
}): string {
  const bank = bankFor(task.language ?? 'english');
  const rewrite = presetDemo[task.instruction] ?? ((text: string) => text);
  return `[${bank.demo.rewrite}] ${rewrite(task.text.trim(), bank)}`;
}
