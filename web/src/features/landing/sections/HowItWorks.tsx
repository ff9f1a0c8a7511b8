import { howItWorks } from '../content';
import { usePauseOnHoverAndFocus, useRotation } from '../useRotation';
import { SectionHeading, containerClass, sectionClass } from './SectionHeading';

/** The three steps; the demo panel follows the active step, which advances every 3 s (spec §9). */
export function HowItWorks() {
  const { paused, handlers } = usePauseOnHoverAndFocus();
  const { index, select } = useRotation(howItWorks.steps.length, howItWorks.stepMs, paused);
  const active = howItWorks.steps[index]!;
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-heading"
      className={`${sectionClass} border-y border-stone-200 bg-paper dark:border-white/10 dark:bg-ink-900/40`}
    >
      <div className={`${containerClass} grid items-center gap-12 lg:grid-cols-2`} {...handlers}>
        <div>
          <SectionHeading id="how-heading" eyebrow={howItWorks.eyebrow} title={howItWorks.title} align="left" />
          <ol className="mt-10 space-y-3">
            {howItWorks.steps.map((step, i) => (
              <li key={step.title}>
                <button
                  type="button"
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => select(i)}
                  className={`flex w-full gap-4 rounded-2xl border p-5 text-left transition-colors ${i === index ? 'border-ink-900 bg-white shadow-md dark:border-brass-500 dark:bg-ink-900' : 'border-transparent hover:bg-white/60 dark:hover:bg-white/5'}`}
                >
                  <span
                    className={`font-display text-3xl leading-none ${i === index ? 'text-brass-700 dark:text-brass-500' : 'text-stone-500 dark:text-stone-400'}`}
                    aria-hidden="true"
                  >
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <span>
                    <span className="block text-base font-semibold text-ink-950 dark:text-white">{step.title}</span>
                    <span className="mt-1 block text-sm leading-relaxed text-stone-600 dark:text-stone-300">
                      {step.text}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </div>
        <div
          className="rounded-2xl border border-stone-200 bg-white p-6 shadow-xl shadow-ink-900/10 sm:p-8 dark:border-white/10 dark:bg-ink-900"
          data-testid="demo-step"
          aria-live="polite"
        >
          <p className="text-xs font-semibold tracking-[0.2em] text-stone-500 uppercase dark:text-stone-400">
            Step {index + 1} of {howItWorks.steps.length}
          </p>
          <p className="mt-3 font-display text-2xl font-semibold text-ink-950 dark:text-white">{active.title}</p>
          <ul className="mt-6 space-y-3">
            {active.demo.map((line) => (
              <li
                key={line}
                className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700 dark:border-white/10 dark:bg-white/5 dark:text-stone-200"
              >
                {line}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex gap-1.5" aria-hidden="true">
            {howItWorks.steps.map((step, i) => (
              <span
                key={step.title}
                className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-brass-600' : 'bg-stone-200 dark:bg-white/10'}`}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
