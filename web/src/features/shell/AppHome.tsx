import { useCurrentUserQuery } from '../auth/authApi';
import { PlanCards, TrustLine } from '../billing/PlanCards';

/** /app home. Spec §2: an account whose accountType is the string "null" sees the plan choice instead. */
export function AppHome() {
  const { data: user } = useCurrentUserQuery();
  if (!user) return null;

  if (user.accountType === 'null') {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-8 sm:py-16">
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
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-8 sm:py-16">
      <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
        Welcome back, {user.firstName}
      </h1>
      <p className="mt-3 text-base text-stone-600">Your library will appear here.</p>
      <div className="mt-10 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <p className="font-display text-xl text-ink-900">No books yet</p>
        <p className="mt-2 text-sm text-stone-600">Describe your next idea and it will take shape here.</p>
      </div>
    </div>
  );
}
