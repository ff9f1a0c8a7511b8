import { useEffect, useState, useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion (kept in sync with the setting; false when pre-rendering). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * An index that advances every `intervalMs` through `count` items, wrapping round. It stands still while
 * `paused` and for users who prefer reduced motion; `select` jumps to an item (and restarts the interval).
 */
export function useRotation(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const [restart, setRestart] = useState(0);
  const reduced = usePrefersReducedMotion();
  const still = paused || reduced || count < 2;
  useEffect(() => {
    if (still) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [still, count, intervalMs, restart]);
  const select = (next: number) => {
    setIndex(((next % count) + count) % count);
    setRestart((r) => r + 1);
  };
  return { index, select, rotating: !still };
}

/** Pause handlers for a rotating region: hovering it or focusing anything inside it holds it still. */
export function usePauseOnHoverAndFocus() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    paused: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
