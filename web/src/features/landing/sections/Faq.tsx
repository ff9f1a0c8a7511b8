import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { faq } from '../content';
import { formatPlanPrice, usePlanPrices } from '../../billing/planPrices';
import { SectionHeading, sectionClass } from './SectionHeading';

/** Spec §2: opening one question closes any other; clicking the open one closes it (single, collapsible). */
export function Faq() {
  const { priceOf } = usePlanPrices();
  const prices = {
    starter: formatPlanPrice(priceOf('starter')),
    professional: formatPlanPrice(priceOf('professional')),
  };
  return (
    <section id="faq" aria-labelledby="faq-heading" className={sectionClass}>
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-heading" eyebrow={faq.eyebrow} title={faq.title} />
        <Accordion.Root
          type="single"
          collapsible
          className="mt-12 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-white/10 dark:border-white/10 dark:bg-ink-900"
        >
          {faq.items.map((item, i) => (
            <Accordion.Item key={item.question} value={`faq-${i}`}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-ink-950 hover:bg-stone-50 dark:text-white dark:hover:bg-white/5">
                    {item.question}
                    <ChevronDown
                      className="size-5 shrink-0 text-stone-500 transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="px-6 pb-5 text-[15px] leading-relaxed text-stone-600 dark:text-stone-300">
                {typeof item.answer === 'function' ? item.answer(prices) : item.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
