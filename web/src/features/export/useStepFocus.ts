import { useEffect, useRef, type RefObject } from 'react';

/**
 * A dialog that changes steps replaces the content under the focus: when `step` changes, the focus goes to
 * the new step's element marked `data-autofocus`, else to its first enabled control.
 */
export function useStepFocus(step: string, container: RefObject<HTMLElement | null>) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const root = container.current;
    const target =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])',
      );
    target?.focus();
  }, [step, container]);
}
