import { useEffect, useRef, useState } from 'react';

const wideQuery = '(min-width: 1024px)';
const wideScreen = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(wideQuery).matches);

/** Whether the side panel sits beside the manuscript (1024 px and up) or is a sheet over it. */
function useWideScreen() {
  const [wide, setWide] = useState(wideScreen);
  useEffect(() => {
    const query = window.matchMedia?.(wideQuery);
    if (!query) return;
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

/**
 * The book-details panel's state: open beside the manuscript from 1024 px (and at first on such a screen).
 * Below 1024 px it is a sheet over the manuscript: focus goes into it, Escape or a tap beside it closes it,
 * and focus comes back to its button.
 */
export function useSidePanel() {
  const [open, setOpen] = useState(wideScreen);
  const wide = useWideScreen();
  const sheet = open && !wide;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const closeSheet = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  useEffect(() => {
    if (sheet) closeRef.current?.focus();
  }, [sheet]);
  return { open, sheet, toggle: () => setOpen((o) => !o), closeSheet, toggleRef, closeRef };
}
