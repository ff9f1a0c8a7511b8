import { Link } from 'react-router';
import { buttonClass } from '../../components/ui';
import { SettingsIcon } from '../../components/icons';

/** /app/settings: the settings pages come with a later issue; until then this says so plainly. */
export function SettingsPlaceholder() {
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-ink-50 text-ink-700">
          <SettingsIcon className="size-6" />
        </span>
        <h1 className="mt-5 font-display text-3xl font-semibold text-ink-950">Settings are coming soon</h1>
        <p className="mt-3 text-base text-stone-600">
          Your account, billing and security settings will live here. They are not available yet.
        </p>
        <Link to="/app" className={buttonClass('primary', 'mt-7 px-6')}>
          Back to your library
        </Link>
      </div>
    </div>
  );
}
