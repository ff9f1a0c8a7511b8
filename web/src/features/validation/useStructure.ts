import { useRef, useState } from 'react';
import { createNextState } from '@reduxjs/toolkit';
import type { BookState } from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { toast } from '../../components/toast';
import { validationTexts } from './texts';
import { useUpdateBookStateMutation } from '../books/booksApi';

/**
 * The structure being reviewed. Every change is saved at once by sending the whole bookState (spec §4);
 * saves run one after another in the order they were made. A save that works is silent; a failed one says
 * so (the server's message when it sent one) and puts back what the server has.
 */
export function useStructure(bookId: string, initial: BookState) {
  const [state, setState] = useState(initial);
  const [pending, setPending] = useState(0);
  const latest = useRef(initial);
  const saved = useRef(initial);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const version = useRef(0);
  const [update] = useUpdateBookStateMutation();

  function edit<S extends BookState>(recipe: (draft: S) => void): Promise<void> {
    const next = createNextState(latest.current as S, recipe) as BookState;
    latest.current = next;
    setState(next);
    const mine = ++version.current;
    setPending((n) => n + 1);
    const save = async () => {
      try {
        const book = await update({ id: bookId, bookState: next }).unwrap();
        saved.current = book.bookState ?? next;
        // Autosaves say nothing when they work (the page's status line says "Saving…" meanwhile); a toast
        // per edit stacked up and hid the Confirm button.
        // The server trims texts; show what it stored unless newer edits are on their way.
        if (mine === version.current) {
          latest.current = saved.current;
          setState(saved.current);
        }
      } catch (error) {
        toast.error(errorMessage(error, validationTexts.saveFailure));
        if (mine === version.current) {
          latest.current = saved.current;
          setState(saved.current);
        }
      } finally {
        setPending((n) => n - 1);
      }
    };
    queue.current = queue.current.then(save);
    return queue.current;
  }

  /** Resolves once every change made so far has been saved (or has failed). */
  const settled = () => queue.current;

  return { state, edit, saving: pending > 0, settled };
}
