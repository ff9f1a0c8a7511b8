import type { ReactNode, Ref } from 'react';

/**
 * A panel's section that can take focus: where focus goes when what had it is removed (a revoked token's row,
 * a deleted endpoint's), so a keyboard or screen-reader user is not dropped at the top of the page.
 */
export function FocusSection({ ref, label, children }: { ref: Ref<HTMLElement>; label: string; children: ReactNode }) {
  return (
    <section ref={ref} aria-label={label} tabIndex={-1} className="rounded-2xl focus:outline-none">
      {children}
    </section>
  );
}
