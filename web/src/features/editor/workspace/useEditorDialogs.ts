import { useState } from 'react';

export type EditorDialog = 'cover' | 'export' | 'history' | 'translate' | 'reimport';

/**
 * Which of the editor's dialogs is open. A dialog stays mounted once opened, so closing it runs the native
 * close (focus goes back to its button).
 */
export function useEditorDialogs() {
  const [open, setOpen] = useState<EditorDialog>();
  const [opened, setOpened] = useState<ReadonlySet<EditorDialog>>(new Set());
  return {
    /** Whether the dialog is mounted. */
    mounted: (which: EditorDialog) => opened.has(which),
    isOpen: (which: EditorDialog) => open === which,
    open: (which: EditorDialog) => {
      setOpened((o) => (o.has(which) ? o : new Set(o).add(which)));
      setOpen(which);
    },
    close: () => setOpen(undefined),
  };
}

export type EditorDialogs = ReturnType<typeof useEditorDialogs>;
