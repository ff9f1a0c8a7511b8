import { useEffect, useRef, useState } from 'react';
import type { Editor, JSONContent } from '@tiptap/react';
import { rewriteInstructions } from '@bookwright/contracts/http';
import { CloseIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { streamRewrite } from './rewriteStream';
import type { RewriteSelection } from './selectionContext';
import { rewriteTexts as texts } from './texts';

/** Plain text as editor content: one text run, or paragraphs when the model wrote several. */
function asContent(text: string): JSONContent[] | JSONContent {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length <= 1) return { type: 'text', text: text.trim() };
  return paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] }));
}

/** Where the selection starts on screen; a fixed spot when the view cannot say (not laid out). */
function selectionTop(editor: Editor, pos: number): number {
  try {
    return editor.view.coordsAtPos(pos).top;
  } catch {
    return 120;
  }
}

/**
 * The rewrite of a selection, beside it: pick an instruction, watch the replacement stream in, then Accept
 * (one undoable step) or Discard (the text stays as it was). A failure keeps the selection and says so.
 */
export function RewritePanel({
  editor,
  bookId,
  selection,
  onClose,
}: {
  editor: Editor;
  bookId: string;
  selection: RewriteSelection;
  onClose: () => void;
}) {
  const { text, state, run, stop } = useRewriteStream(bookId, selection, keepSelection);

  const coords = selectionTop(editor, selection.from);
  // Beside the selection, but always whole on screen (it scrolls inside when the window is short).
  const top = Math.max(72, Math.min(coords, window.innerHeight - 500));

  function keepSelection() {
    editor
      .chain()
      .focus(undefined, { scrollIntoView: false })
      .setTextSelection({ from: selection.from, to: selection.to })
      .run();
  }

  function accept() {
    const still = editor.state.doc.textBetween(selection.from, selection.to, '\n\n') === selection.text;
    if (!still) {
      toast.error('The text changed while the rewrite was written. Select it again.');
      onClose();
      return;
    }
    editor
      .chain()
      .focus(undefined, { scrollIntoView: false })
      .insertContentAt({ from: selection.from, to: selection.to }, asContent(text))
      .run();
    onClose();
  }

  function discard() {
    stop();
    keepSelection();
    onClose();
  }

  return (
    <div
      role="dialog"
      aria-label={texts.title}
      style={{ top, maxHeight: `calc(100dvh - ${top}px - 12px)` }}
      className="fixed right-3 z-30 w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-stone-200 bg-white p-4 shadow-2xl"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-display text-lg font-semibold text-ink-950">{texts.title}</h2>
        <button
          type="button"
          onClick={discard}
          aria-label="Close rewrite"
          className="rounded-md p-1 text-stone-500 hover:bg-stone-100"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <p className="mb-1 text-xs font-semibold text-stone-500 uppercase">{texts.original}</p>
      <p className="mb-3 max-h-24 overflow-y-auto rounded-md bg-stone-50 p-2 font-serif text-sm text-stone-700">
        {selection.text}
      </p>
      <Presets streaming={state === 'streaming'} onPick={(instruction) => void run(instruction)} />
      <OwnInstruction streaming={state === 'streaming'} onSubmit={(instruction) => void run(instruction)} />
      {(state !== 'idle' || text) && <Replacement text={text} streaming={state === 'streaming'} />}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={discard}>
          {texts.discard}
        </Button>
        <Button type="button" onClick={accept} disabled={state !== 'done' || !text.trim()}>
          {texts.accept}
        </Button>
      </div>
    </div>
  );
}

/**
 * The replacement as it streams in: one rewrite at a time (a new one, or leaving, stops the last); a failure
 * is said and `onFailure` gives the author the selection back.
 */
function useRewriteStream(bookId: string, selection: RewriteSelection, onFailure: () => void) {
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'streaming' | 'done'>('idle');
  const abort = useRef<AbortController>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  async function run(instruction: string) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setText('');
    setState('streaming');
    try {
      const result = await streamRewrite(
        bookId,
        {
          text: selection.text,
          instruction,
          before: selection.before,
          after: selection.after,
          ...(selection.chapterTitle ? { chapterTitle: selection.chapterTitle } : {}),
        },
        setText,
        controller.signal,
      );
      setText(result);
      setState('done');
    } catch (error) {
      if (controller.signal.aborted) return;
      setState('idle');
      setText('');
      toast.error(error instanceof Error ? error.message : String(error));
      onFailure();
    }
  }

  return { text, state, run, stop: () => abort.current?.abort() };
}

function Presets({ streaming, onPick }: { streaming: boolean; onPick: (instruction: string) => void }) {
  return (
    <div className="mb-2 flex flex-wrap gap-1.5">
      {rewriteInstructions.map((instruction) => (
        <button
          key={instruction}
          type="button"
          disabled={streaming}
          onClick={() => onPick(instruction)}
          className="rounded-full border border-stone-300 px-3 py-1 text-sm hover:bg-ink-50 disabled:opacity-50"
        >
          {texts.presets[instruction]}
        </button>
      ))}
    </div>
  );
}

/** The author's own instruction, in their words. */
function OwnInstruction({ streaming, onSubmit }: { streaming: boolean; onSubmit: (instruction: string) => void }) {
  const [own, setOwn] = useState('');
  return (
    <form
      className="mb-3 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (own.trim()) onSubmit(own.trim());
      }}
    >
      <label className="sr-only" htmlFor="rewrite-own">
        {texts.ownLabel}
      </label>
      <input
        id="rewrite-own"
        value={own}
        maxLength={500}
        onChange={(e) => setOwn(e.target.value)}
        placeholder={texts.ownPlaceholder}
        className="min-w-0 flex-1 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm"
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={!own.trim() || streaming}>
        {texts.go}
      </Button>
    </form>
  );
}

function Replacement({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <>
      <p className="mb-1 text-xs font-semibold text-stone-500 uppercase">{texts.replacement}</p>
      <p
        data-testid="rewrite-result"
        aria-live="polite"
        aria-busy={streaming}
        className="mb-3 max-h-48 overflow-y-auto rounded-md border border-green-200 bg-green-50 p-2 font-serif text-sm whitespace-pre-wrap text-stone-900"
      >
        {text || texts.writing}
      </p>
    </>
  );
}
