import { buttonClass } from '../../components/ui';
import { authTexts } from './texts';
import { useAuthProvidersQuery } from './authApi';
import { oidcLoginUrl } from './oidc';

/**
 * 'Continue with {provider}' below the form, when the gateway has an identity provider configured; nothing
 * otherwise (nor while it is being asked). A full-page navigation: the gateway redirects to the provider.
 */
export function IdentityProviderButton({
  accountType,
  invite,
}: {
  accountType?: string | null;
  invite?: string | null;
}) {
  const { data } = useAuthProvidersQuery();
  const provider = data?.data.oidc;
  if (!provider) return null;
  return (
    <>
      <OrDivider />
      <a href={oidcLoginUrl(accountType, invite)} className={buttonClass('secondary', 'w-full py-2.5')}>
        <svg viewBox="0 0 20 20" className="size-4.5 text-ink-700" aria-hidden="true">
          <rect x="4" y="9" width="12" height="8" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {authTexts.continueWith} {provider.name}
      </a>
    </>
  );
}

function OrDivider() {
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
