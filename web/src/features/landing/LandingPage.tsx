import { Link } from 'react-router';
import { buttonClass, Logo } from '../../components/ui';
import { HelpButton } from '../site/HelpButton';
import { SiteFooter } from '../site/SiteFooter';
import { usePageMeta } from '../site/usePageMeta';
import { hero, nav, trialSeats } from './content';
import { SectionsMenu } from './SectionsMenu';
import { ClosingCta } from './sections/ClosingCta';
import { Faq } from './sections/Faq';
import { Features } from './sections/Features';
import { HowItWorks } from './sections/HowItWorks';
import { Pricing } from './sections/Pricing';
import { Showcase } from './sections/Showcase';
import { Testimonials } from './sections/Testimonials';
import { TrustLines } from './sections/TrustLines';

/** The public landing page: every section of spec §2, in its order. All copy lives in ./content.ts. */
export function LandingPage() {
  usePageMeta('/');
  return (
    <div
      id="top"
      className="site-palette min-h-dvh bg-white text-stone-900 dark:bg-ink-950 dark:text-stone-100 dark:[color-scheme:dark]"
    >
      <header className="sticky top-0 z-30 border-b border-stone-200/70 bg-white/90 backdrop-blur dark:border-white/10 dark:bg-ink-950/90">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3.5 sm:gap-4 sm:px-10">
          <span className="mr-auto dark:[&_a]:text-white">
            <Logo />
          </span>
          <SectionsMenu />
          <nav aria-label="Sections" className="hidden lg:block">
            <ul className="flex gap-1">
              {nav.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    className="rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-ink-950 dark:text-stone-300 dark:hover:bg-white/10 dark:hover:text-white"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Account" className="flex items-center gap-1.5 sm:gap-3">
            {/* Below 640 px "Log in" is in the menu, so the header fits a 360 px phone. */}
            <Link
              to="/login"
              className={buttonClass(
                'ghost',
                'px-3 whitespace-nowrap max-sm:hidden dark:text-stone-200 dark:hover:bg-white/10',
              )}
            >
              Log in
            </Link>
            <Link
              to="/signup"
              className={buttonClass(
                'primary',
                'px-4 whitespace-nowrap dark:bg-white dark:text-ink-950 dark:hover:bg-paper',
              )}
            >
              Sign up
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative isolate overflow-hidden px-5 pt-14 pb-20 sm:px-10 lg:pt-24 lg:pb-28">
          <div
            className="absolute inset-0 -z-10 bg-gradient-to-b from-paper via-white to-white dark:from-ink-900 dark:via-ink-950 dark:to-ink-950"
            aria-hidden="true"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-brass-500/30 bg-amber-50 px-3 py-1 text-xs font-semibold tracking-wide text-brass-700 dark:bg-brass-500/10 dark:text-brass-500">
                <span className="size-1.5 rounded-full bg-brass-600" aria-hidden="true" />
                {hero.eyebrow}
              </p>
              <h1 className="mt-6 font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight text-balance text-ink-950 sm:text-6xl dark:text-white">
                {hero.title}
              </h1>
              <p className="mt-6 max-w-xl text-lg text-pretty text-stone-600 sm:text-xl dark:text-stone-300">
                {hero.lead}
              </p>
              <div className="mt-9 flex flex-col gap-3 sm:flex-row">
                <Link
                  to={hero.primary.to}
                  className={buttonClass(
                    'primary',
                    'px-6 py-3 text-base dark:bg-white dark:text-ink-950 dark:hover:bg-paper',
                  )}
                >
                  {hero.primary.label}
                </Link>
                <Link
                  to={hero.secondary.to}
                  className={buttonClass(
                    'secondary',
                    'px-6 py-3 text-base dark:border-white/20 dark:bg-transparent dark:text-white dark:hover:bg-white/10',
                  )}
                >
                  {hero.secondary.label}
                </Link>
              </div>
              <p className="mt-5 text-sm text-stone-600 dark:text-stone-400">{trialSeats.text}</p>
            </div>
            <Manuscript />
          </div>
          <div className="mx-auto mt-16 max-w-6xl">
            <TrustLines />
          </div>
        </section>

        <Features />
        <Showcase />
        <HowItWorks />
        <Pricing />
        <Testimonials />
        <Faq />
        <HelpButton />
        <ClosingCta />
      </main>

      <SiteFooter />
    </div>
  );
}

/** A stylised open manuscript: the book's outline beside a page of text. */
function Manuscript() {
  return (
    <div className="relative isolate mx-auto w-full max-w-md sm:pb-16 lg:max-w-none" aria-hidden="true">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-amber-50 via-paper to-ink-50 dark:from-brass-500/10 dark:via-ink-900 dark:to-ink-800" />
      <div className="rotate-1 rounded-xl border border-stone-200 bg-white p-6 shadow-2xl shadow-ink-900/15 sm:p-8 dark:border-white/10 dark:bg-ink-900">
        <div className="flex items-center justify-between">
          <span className="text-[11px] font-semibold tracking-[0.2em] text-stone-500 uppercase dark:text-stone-400">
            Chapter One
          </span>
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-[11px] font-semibold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300">
            ready
          </span>
        </div>
        <p className="mt-4 font-display text-2xl leading-snug text-ink-950 dark:text-white">
          The Lighthouse Keeper&apos;s Daughter
        </p>
        <div className="mt-5 space-y-2.5">
          {[100, 94, 97, 88, 92, 60].map((width, i) => (
            <span
              key={i}
              className="block h-2 rounded-full bg-stone-200 dark:bg-white/10"
              style={{ width: `${width}%` }}
            />
          ))}
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3 border-t border-stone-100 pt-5 dark:border-white/10">
          {['Concept', 'Characters', 'Plot'].map((tab, i) => (
            <span
              key={tab}
              className={`rounded-md px-2 py-1.5 text-center text-xs font-medium ${i === 0 ? 'bg-ink-900 text-white dark:bg-brass-600' : 'bg-stone-100 text-stone-600 dark:bg-white/10 dark:text-stone-300'}`}
            >
              {tab}
            </span>
          ))}
        </div>
      </div>
      <div className="absolute bottom-0 -left-4 hidden w-44 -rotate-3 rounded-lg bg-ink-900 p-4 text-white shadow-xl sm:block dark:bg-ink-700">
        <span className="block h-1.5 w-10 rounded-full bg-brass-500" />
        <span className="mt-3 block font-display text-sm leading-tight">Export EPUB &amp; print PDF</span>
      </div>
    </div>
  );
}
