import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui';
import { tagline } from '../../texts';

const steps = [
  { title: 'Plan', text: 'Describe your idea and review the structure we draft for it.' },
  { title: 'Write', text: 'Get the full manuscript, chapter by chapter, ready to edit.' },
  { title: 'Publish', text: 'Export an EPUB and a print-ready PDF with its cover.' },
];

/** Two columns on wide screens (a calm illustrated panel and the form); the form alone on phones. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-ink-950 text-stone-100 lg:flex lg:flex-col lg:gap-10 lg:px-12 lg:pt-12 xl:px-16">
        <Logo tone="light" />
        <div className="my-auto max-w-md">
          <p className="font-display text-4xl leading-tight text-white xl:text-[2.75rem]">
            Every book begins with a single idea.
          </p>
          <p className="mt-4 text-base text-ink-200">{tagline}</p>
          <ol className="mt-10 space-y-5">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full border border-brass-500/60 font-display text-sm text-brass-500">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold text-white">{step.title}</span>
                  <span className="block text-sm text-ink-200">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
        <Shelf />
      </aside>

      <div className="flex flex-col">
        <header className="flex items-center justify-between px-6 py-5 sm:px-10">
          <span className="lg:invisible">
            <Logo />
          </span>
          <Link to="/" className="rounded-md text-sm font-medium text-stone-600 hover:text-ink-900">
            &larr; Back to home
          </Link>
        </header>
        <main className="flex flex-1 items-start justify-center px-6 pt-4 pb-16 sm:items-center sm:px-10 sm:pt-0">
          <div className="w-full max-w-[26rem]">
            <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-[2.1rem]">
              {title}
            </h1>
            {subtitle && <p className="mt-2 text-[15px] text-stone-600">{subtitle}</p>}
            <div className="mt-8">{children}</div>
          </div>
        </main>
      </div>
    </div>
  );
}

/** A row of book spines at the foot of the panel. */
function Shelf() {
  const spines = [
    { w: 26, h: 150, c: '#2d4666' },
    { w: 34, h: 178, c: '#b45309' },
    { w: 22, h: 132, c: '#4a6d99' },
    { w: 30, h: 166, c: '#f3ede2' },
    { w: 38, h: 190, c: '#38567e' },
    { w: 24, h: 144, c: '#92400e' },
    { w: 30, h: 172, c: '#6b8cb5' },
    { w: 28, h: 156, c: '#233751' },
  ];
  let x = 0;
  return (
    <svg viewBox="0 0 232 200" className="h-28 w-[130px] shrink-0 opacity-70" aria-hidden="true">
      {spines.map((s, i) => {
        const rect = (
          <g key={i}>
            <rect x={x} y={200 - s.h} width={s.w - 3} height={s.h} rx="2" fill={s.c} />
            <rect x={x + 4} y={200 - s.h + 14} width={s.w - 11} height="2" fill="#ffffff" opacity="0.35" />
            <rect x={x + 4} y={200 - 24} width={s.w - 11} height="2" fill="#ffffff" opacity="0.35" />
          </g>
        );
        x += s.w;
        return rect;
      })}
    </svg>
  );
}
