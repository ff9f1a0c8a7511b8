import { useState, type RefObject } from 'react';
import type { Editor } from '@tiptap/react';
import { toast } from '../../../components/toast';
import { readSelection, type RewriteSelection } from '../../rewrite/selectionContext';
import { rewriteTexts } from '../../rewrite/texts';
import type { BookEditorHandle } from '../BookEditor';

/** The rewrite of the editor's selection, if one is open; starting one without a selection says so. */
export function useRewrite(editor: RefObject<BookEditorHandle | null>) {
  const [rewriting, setRewriting] = useState<{ editor: Editor; selection: RewriteSelection }>();
  function start() {
    const handle = editor.current;
    const selection = handle && readSelection(handle.editor());
    if (handle && selection) setRewriting({ editor: handle.editor(), selection });
    else toast.error(rewriteTexts.needSelection);
  }
  return { rewriting, start, stop: () => setRewriting(undefined) };
}

export type Rewrite = ReturnType<typeof useRewrite>;
