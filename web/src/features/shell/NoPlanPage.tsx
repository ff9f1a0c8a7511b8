import type { User } from '@bookwright/contracts';
import { Button, Logo } from '../../components/ui';
import { SignOutIcon } from '../../components/icons';
import { shellTexts } from '../../texts';
import { PlanCards, TrustLine } from '../billing/PlanCards';
import { Avatar, fullName } from './UserBadge';
import { useSignOut } from './useSignOut';

/** Spec §2: an account whose accountType is the string "null" sees the pricing page instead of the app. */
export function NoPlanPage({ user }: { user: User }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-8">
          <Logo to="/app" />
          <div className="flex min-w-0 items-center gap-3">
            <div className="flex min-w-0 items-center gap-3" data-testid="current-user">
              <Avatar user={user} />
              {/* On phones only screen readers get the name and email; the initials stay visible. */}
              <div className="sr-only min-w-0 text-right leading-tight sm:not-sr-only">
                <p className="truncate text-sm font-semibold text-stone-900">{fullName(user)}</p>
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
              <SignOutIcon className="size-4" />
              {shellTexts.signOut}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12 sm:px-8 sm:py-16">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
            Choose a plan to start writing
          </h1>
          <p className="mt-3 text-base text-stone-600">
            Welcome, {user.firstName}. Pick the plan that fits your writing and your first book is minutes away.
          </p>
        </div>
        <PlanCards />
        <div className="mt-12">
          <TrustLine />
        </div>
      </main>
    </div>
  );
}
