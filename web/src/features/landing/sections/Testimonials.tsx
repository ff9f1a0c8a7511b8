import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { testimonials } from '../content';
import { usePauseOnHoverAndFocus, useRotation } from '../useRotation';
import { SectionHeading, containerClass, sectionClass } from './SectionHeading';

/** One quote at a time, rotating every 6 s (spec §9); still while hovered, focused or for reduced motion. */
export function Testimonials() {
  const { paused, handlers } = usePauseOnHoverAndFocus();
  const { index, select, rotating } = useRotation(testimonials.items.length, testimonials.rotateMs, paused);
  const item = testimonials.items[index]!;
  const arrowClass =
    'grid size-10 place-items-center rounded-full border border-stone-300 bg-white text-ink-900 hover:bg-stone-50 dark:border-white/15 dark:bg-ink-900 dark:text-white dark:hover:bg-white/10';
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className={`${sectionClass} border-y border-stone-200 bg-paper dark:border-white/10 dark:bg-ink-900/40`}
    >
      <div className={containerClass}>
        <SectionHeading id="testimonials-heading" eyebrow={testimonials.eyebrow} title={testimonials.title} />
        <div
          className="mx-auto mt-12 max-w-3xl"
          aria-roledescription="carousel"
          data-testid="testimonials"
          data-rotating={rotating}
          {...handlers}
        >
          <figure
            className="rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-10 dark:border-white/10 dark:bg-ink-900"
            aria-live={rotating ? 'off' : 'polite'}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${testimonials.items.length}`}
          >
            <Quote className="mx-auto size-8 text-brass-600 dark:text-brass-500" aria-hidden="true" />
            <blockquote className="mt-5 font-display text-xl leading-relaxed text-balance text-ink-950 sm:text-2xl dark:text-white">
              “{item.quote}”
            </blockquote>
            <figcaption className="mt-6 text-sm text-stone-600 dark:text-stone-300">
              <span className="font-semibold text-ink-900 dark:text-stone-100">{item.name}</span> · {item.role}
            </figcaption>
          </figure>
          <div className="mt-6 flex items-center justify-center gap-4">
            <button
              type="button"
              className={arrowClass}
              aria-label={testimonials.previous}
              onClick={() => select(index - 1)}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <div className="flex gap-2">
              {testimonials.items.map((t, i) => (
                <button
                  key={i}
                  type="button"
                  aria-label={testimonials.show(i + 1)}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => select(i)}
                  className="grid size-6 place-items-center rounded-full"
                >
                  <span
                    className={`block size-2.5 rounded-full ${i === index ? 'bg-ink-900 dark:bg-brass-500' : 'bg-stone-300 dark:bg-white/25'}`}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={arrowClass}
              aria-label={testimonials.next}
              onClick={() => select(index + 1)}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </div>
          {testimonials.isExample && (
            <p className="mt-5 text-center text-xs text-stone-600 dark:text-stone-400">{testimonials.exampleNote}</p>
          )}
        </div>
      </div>
    </section>
  );
}
