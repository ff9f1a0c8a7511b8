import { Link } from 'react-router';
import { Logo } from '../../components/ui';
import { legalTopBar, type PublicPath } from '../landing/content';
import { SiteFooter } from '../site/SiteFooter';
import { usePageMeta } from '../site/usePageMeta';
import cookiesPolicy from './documents/cookies-policy.md?html';
import privacyPolicy from './documents/privacy-policy.md?html';
import termsOfService from './documents/terms-of-service.md?html';

/**
 * The legal documents are Markdown files (./documents), turned into HTML at build time (vite.config.ts),
 * so a lawyer edits them without touching code and no Markdown parser ships to the browser.
 */
const documents = {
  '/privacy-policy': privacyPolicy,
  '/terms-of-service': termsOfService,
  '/cookies-policy': cookiesPolicy,
} as const satisfies Partial<Record<PublicPath, string>>;

export type LegalPath = keyof typeof documents;

function LegalPage({ path }: { path: LegalPath }) {
  usePageMeta(path);
  return (
    <div className="site-palette flex min-h-dvh flex-col bg-white text-stone-900 dark:bg-ink-950 dark:text-stone-100 dark:[color-scheme:dark]">
      <header className="border-b border-stone-200 dark:border-white/10">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-5 py-3.5 sm:px-10">
          <span className="dark:[&_a]:text-white">
            <Logo />
          </span>
          <nav aria-label="Site">
            <ul className="flex items-center gap-1 text-sm font-medium">
              {legalTopBar.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={
                      link.to === '/signup'
                        ? 'ml-1 inline-flex rounded-lg bg-ink-900 px-3.5 py-2 text-white hover:bg-ink-800 dark:bg-white dark:text-ink-950'
                        : 'inline-flex rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-white/10'
                    }
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main className="flex-1 px-5 py-14 sm:px-10 sm:py-20">
        <article className="legal-prose mx-auto max-w-3xl" dangerouslySetInnerHTML={{ __html: documents[path] }} />
      </main>
      <SiteFooter anchorBase="/" />
    </div>
  );
}

export const PrivacyPolicyPage = () => <LegalPage path="/privacy-policy" />;
export const TermsOfServicePage = () => <LegalPage path="/terms-of-service" />;
export const CookiesPolicyPage = () => <LegalPage path="/cookies-policy" />;
