import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { Button, Logo } from '../../components/ui';
import { shellTexts } from '../../texts';
import { useCurrentUserQuery, useLogoutMutation } from '../auth/authApi';

/** The authenticated area's frame: who is signed in, and the way out. The library sidebar comes later. */
export function AppShell() {
  const { data: user } = useCurrentUserQuery();
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    // Spec §4: call logout, then go to /login, whatever logout answered.
    await logout()
      .unwrap()
      .catch(() => undefined);
    await navigate('/login', { replace: true });
    dispatch(api.util.resetApiState());
  }

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() : '';

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-8">
          <Logo to="/app" />
          {user && (
            <div className="flex min-w-0 items-center gap-3">
              <div className="flex min-w-0 items-center gap-3" data-testid="current-user">
                {user.avatar ? (
                  <img src={user.avatar} alt="" className="size-9 shrink-0 rounded-full object-cover" />
                ) : (
                  <span
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink-100 text-sm font-semibold text-ink-800"
                    aria-hidden="true"
                  >
                    {initials}
                  </span>
                )}
                {/* On phones only screen readers get the name and email; the initials stay visible. */}
                <div className="sr-only min-w-0 text-right leading-tight sm:not-sr-only">
                  <p className="truncate text-sm font-semibold text-stone-900">{name}</p>
                  <p className="truncate text-xs text-stone-600">{user.email}</p>
                </div>
              </div>
              <Button
                type="button"
                variant="secondary"
                className="px-3 py-2"
                onClick={() => void signOut()}
                disabled={signingOut}
              >
                <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                  <path
                    d="M8 4H5.5A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8M12.5 13.5 16 10l-3.5-3.5M16 10H8"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {shellTexts.signOut}
              </Button>
            </div>
          )}
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
