import { Link } from 'react-router';
import { buttonClass, Logo } from '../../components/ui';
import { productName, tagline } from '../../texts';

const steps = [
  {
    title: 'Describe your idea',
    text: 'A prompt, a title, the language, audience and genre. That is all it takes to begin.',
  },
  {
    title: 'Review the plan',
    text: 'Characters, plot and chapters, or research and outline: edit the structure before a word is written.',
  },
  {
    title: 'Publish your book',
    text: 'Refine the manuscript in the editor, add a cover, and export an EPUB or a print-ready PDF.',
  },
];

/** A light landing page; the full marketing page (pricing, showcase, FAQ) comes later. */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-6 py-5 sm:px-10">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2 sm:gap-3">
          <Link to="/login" className={buttonClass('ghost', 'px-3')}>
            Log in
          </Link>
          <Link to="/signup" className={buttonClass('primary', 'px-4')}>
            Sign up
          </Link>
        </nav>
      </header>

      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-14 px-6 pt-10 pb-20 sm:px-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:pt-20 lg:pb-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brass-500/30 bg-amber-50 px-3 py-1 text-xs font-semibold tracking-wide text-brass-700">
              <span className="size-1.5 rounded-full bg-brass-600" aria-hidden="true" />
              From idea to finished book
            </p>
            <h1 className="mt-6 font-display text-[2.6rem] leading-[1.08] font-semibold tracking-tight text-ink-950 sm:text-6xl">
              Write the book you have always meant to write.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-stone-600 sm:text-xl">{tagline}</p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Link to="/signup" className={buttonClass('primary', 'px-6 py-3 text-base')}>
                Start Writing Now
              </Link>
              <Link to="/login" className={buttonClass('secondary', 'px-6 py-3 text-base')}>
                I already have an account
              </Link>
            </div>
          </div>
          <Manuscript />
        </section>

        <section aria-labelledby="how-heading" className="border-y border-stone-200 bg-paper">
          <div className="mx-auto max-w-6xl px-6 py-16 sm:px-10 sm:py-20">
            <h2
              id="how-heading"
              className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl"
            >
              How it works
            </h2>
            <ol className="mt-10 grid gap-8 md:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title}>
                  <span className="font-display text-4xl text-brass-600" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <h3 className="mt-3 text-lg font-semibold text-ink-950">{step.title}</h3>
                  <p className="mt-2 text-[15px] leading-relaxed text-stone-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-6 py-20 text-center sm:px-10">
          <h2 id="cta-heading" className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
            Ready to Write Your Bestseller?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-stone-600">Your first draft is closer than you think.</p>
          <Link to="/signup" className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
            Start Writing Now
          </Link>
        </section>
      </main>

      <footer className="border-t border-stone-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-6 py-8 text-sm text-stone-600 sm:flex-row sm:px-10">
          <p>&copy; 2024 {productName}. All rights reserved.</p>
          <nav aria-label="Footer" className="flex gap-5">
            <Link to="/login" className="rounded hover:text-ink-900">
              Log in
            </Link>
            <Link to="/signup" className="rounded hover:text-ink-900">
              Create account
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** A stylised open manuscript: the book's outline beside a page of text. */
function Manuscript() {
  return (
    <div className="relative isolate mx-auto w-full max-w-md sm:pb-16 lg:max-w-none" aria-hidden="true">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-amber-50 via-paper to-ink-50" />
      <div className="rotate-1 rounded-xl border border-stone-200 bg-white p-6 shadow-2xl shadow-ink-900/15 sm:p-8">
        <div className="flex items-center justify-between">
          <span className="text-[11px] font-semibold tracking-[0.2em] text-stone-500 uppercase">Chapter One</span>
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-[11px] font-semibold text-emerald-800">
            ready
          </span>
        </div>
        <p className="mt-4 font-display text-2xl leading-snug text-ink-950">The Lighthouse Keeper&apos;s Daughter</p>
        <div className="mt-5 space-y-2.5">
          {[100, 94, 97, 88, 92, 60].map((width, i) => (
            <span key={i} className="block h-2 rounded-full bg-stone-200" style={{ width: `${width}%` }} />
          ))}
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3 border-t border-stone-100 pt-5">
          {['Concept', 'Characters', 'Plot'].map((tab, i) => (
            <span
              key={tab}
              className={`rounded-md px-2 py-1.5 text-center text-xs font-medium ${i === 0 ? 'bg-ink-900 text-white' : 'bg-stone-100 text-stone-600'}`}
            >
              {tab}
            </span>
          ))}
        </div>
      </div>
      <div className="absolute bottom-0 -left-4 hidden w-44 -rotate-3 rounded-lg bg-ink-900 p-4 text-white shadow-xl sm:block">
        <span className="block h-1.5 w-10 rounded-full bg-brass-500" />
        <span className="mt-3 block font-display text-sm leading-tight">Export EPUB &amp; print PDF</span>
      </div>
    </div>
  );
}
