import { BookOpen, Cpu, ListTree, Palette, PenLine, Printer, Sparkles, Tags, type LucideIcon } from 'lucide-react';
import { features, type FeatureIcon } from '../content';
import { SectionHeading, containerClass, sectionClass } from './SectionHeading';

const icons: Record<FeatureIcon, LucideIcon> = {
  sparkles: Sparkles,
  listTree: ListTree,
  penLine: PenLine,
  palette: Palette,
  bookOpen: BookOpen,
  printer: Printer,
  cpu: Cpu,
  tags: Tags,
};

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading id="features-heading" eyebrow={features.eyebrow} title={features.title} lead={features.lead} />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.items.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li
                key={item.title}
                className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-ink-900"
              >
                <span className="grid size-11 place-items-center rounded-xl bg-amber-50 text-brass-700 dark:bg-brass-500/15 dark:text-brass-500">
                  <Icon className="size-5.5" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-base font-semibold text-ink-950 dark:text-white">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-stone-600 dark:text-stone-300">{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
