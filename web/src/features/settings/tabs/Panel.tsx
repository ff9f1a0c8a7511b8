import type { ReactNode } from 'react';

/** One card of a settings tab: a heading, an optional line under it, and its content. */
export function Panel({
  title,
  description,
  actions,
  children,
  tone = 'default',
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <div
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-stone-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-ink-950'}`}>{title}</h2>
          {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
