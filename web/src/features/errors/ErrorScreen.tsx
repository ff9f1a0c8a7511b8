import { useState } from 'react';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { errorScreenFor } from '@bookwright/contracts/http';
import { buttonClass, Logo } from '../../components/ui';
import { errorScreenTexts } from './texts';

/** The HTTP status of whatever a route threw: a router error response, a Response, or an API error. */
export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof Response) return error.status;
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status <= 599) return status;
  }
  return 500;
}

export function ErrorView({ status }: { status: number }) {
  const navigate = useNavigate();
  const screen = errorScreenFor(status);
  const [time] = useState(() => new Date().toLocaleTimeString('en-GB'));
  // Unknown statuses show the 500 texts but keep their own number in the code line.
  const code = status >= 400 && status <= 599 ? status : 500;

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="px-6 py-5 sm:px-10">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-6 pb-16">
        <div className="w-full max-w-lg text-center">
          <p
            className="font-display text-7xl leading-none font-semibold tracking-tight text-brass-600 sm:text-8xl"
            aria-hidden="true"
          >
            {screen.status}
          </p>
          <div className="mx-auto my-6 flex items-center justify-center gap-3 text-stone-300" aria-hidden="true">
            <span className="h-px w-12 bg-current" />
            <span className="text-xs">&#10022;</span>
            <span className="h-px w-12 bg-current" />
          </div>
          <h1 className="font-display text-3xl font-semibold text-ink-950 sm:text-4xl">{screen.title}</h1>
          <p className="mt-3 text-base text-stone-600">{screen.description}</p>
          {screen.tip && (
            <p className="mx-auto mt-6 max-w-md rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {screen.tip}
            </p>
          )}
          <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
            <button type="button" className={buttonClass('secondary', 'sm:min-w-36')} onClick={() => void navigate(-1)}>
              {errorScreenTexts.goBack}
            </button>
            <Link to="/app" className={buttonClass('primary', 'sm:min-w-36')}>
              {errorScreenTexts.goHome}
            </Link>
          </div>
          <p className="mt-10 font-mono text-xs text-stone-600">{errorScreenTexts.code(code, time)}</p>
        </div>
      </main>
    </div>
  );
}

/** The `errorElement` of every route (spec §2 and §8). */
export function ErrorScreen() {
  const error = useRouteError();
  return <ErrorView status={statusOf(error)} />;
}
