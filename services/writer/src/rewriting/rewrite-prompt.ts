import type { ChatMessage } from '@bookwright/ai';
import type { rewriteInstructions } from '@bookwright/contracts/http';

/** What the presets ask of the model; anything else is the author's own instruction, passed as written. */
const presetWording: Record<(typeof rewriteInstructions)[number], string> = {
  shorter: 'Make it shorter: keep the meaning, cut what is not needed.',
  longer: 'Make it longer: expand it with detail that fits the scene, without new plot events.',
  vivid: 'Make it more vivid: concrete sensory detail, stronger verbs.',
  simpler: 'Make it simpler: plain words, shorter sentences.',
  grammar: 'Fix grammar, spelling and punctuation only; change nothing else.',
};

export interface RewriteContext {
  title: string;
  genre: string;
  language: string;
  characters: { name: string; role: string }[];
  chapterOutline: string | null;
  before: string;
  after: string;
}

export function describeInstruction(instruction: string): string {
  return (presetWording as Record<string, string>)[instruction] ?? instruction;
}

/** The prompt: the plan's names and the chapter's outline hold names and tone; the neighbours hold continuity. */
export function rewritePrompt(text: string, instruction: string, context: RewriteContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You are editing "${context.title}", a ${context.genre} book written in ${context.language}.`,
        'Rewrite the passage the author selected as instructed. Keep the characters’ names, the point of view,',
        'the tense and the tone. Answer with the replacement passage only: no quotes, no comments, no headings.',
        context.characters.length
          ? `Characters:\n${context.characters.map((c) => `- ${c.name}${c.role ? ` (${c.role})` : ''}`).join('\n')}`
          : '',
        context.chapterOutline ? `This chapter's outline:\n${context.chapterOutline}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
    {
      role: 'user',
      content: [
        context.before ? `Text before the passage:\n${context.before}` : '',
        `Passage to rewrite:\n${text}`,
        context.after ? `Text after the passage:\n${context.after}` : '',
        `Instruction: ${describeInstruction(instruction)}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
  ];
}
