import { buttonClass } from '../../components/ui';
import { authTexts } from '../../texts';
import { identityProviderLabel } from './oidc';

/** A full-page navigation to the gateway's identity-provider endpoint. */
export function IdentityProviderButton({ href }: { href: string }) {
  return (
    <a href={href} className={buttonClass('secondary', 'w-full py-2.5')}>
      <svg viewBox="0 0 20 20" className="size-4.5 text-ink-700" aria-hidden="true">
        <rect x="4" y="9" width="12" height="8" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {authTexts.continueWith} {identityProviderLabel}
    </a>
  );
}

export function OrDivider() {
  return (
    <div
      className="my-6 flex items-center gap-3 text-xs font-medium tracking-wider text-stone-500 uppercase"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-stone-200" />
      or
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
