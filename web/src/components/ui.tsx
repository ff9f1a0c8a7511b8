import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { productName } from '../texts';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-ink-900 text-white shadow-sm hover:bg-ink-800 disabled:bg-ink-700/70 disabled:text-white/90',
  secondary:
    'border border-stone-300 bg-white text-stone-800 shadow-sm hover:border-stone-400 hover:bg-stone-50 disabled:text-stone-500',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:text-stone-400',
};

/** A button's padding: a form's button, or a small one inside a row (beside a compact control). */
type ButtonSize = 'md' | 'sm';

const buttonSizes: Record<ButtonSize, string> = { md: 'px-4 py-2.5', sm: 'px-2.5 py-1.5' };

export const buttonClass = (variant: Variant = 'primary', extra = '', size: ButtonSize = 'md') =>
  `inline-flex items-center justify-center gap-2 rounded-lg ${buttonSizes[size]} text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  className = '',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: ButtonSize; busy?: boolean }) {
  return (
    <button className={buttonClass(variant, className, size)} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`animate-spin ${className}`} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function TextField({
  label,
  hint,
  error,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-[15px] text-stone-900 shadow-xs transition-colors placeholder:text-stone-400 focus:border-ink-500 focus:ring-2 focus:ring-ink-200 focus:outline-none disabled:bg-stone-50 ${error ? 'border-red-400' : 'border-stone-300'}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The red box of spec §8 for login and signup failures (and client-side validation messages). */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
    >
      <svg viewBox="0 0 20 20" className="mt-px size-4.5 shrink-0" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 6v4.5M10 13.5h.01" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

export function SuccessBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900"
    >
      <svg viewBox="0 0 20 20" className="mt-px size-4.5 shrink-0" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M6.5 10.2l2.4 2.4 4.6-4.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

export function BookMark({ className = 'size-8', tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill={tone === 'dark' ? '#1a2a3f' : '#2d4666'} />
      <path d="M9 8h9.5a4.5 4.5 0 0 1 4.5 4.5V25H13a4 4 0 0 1-4-4V8Z" fill="#fbf8f3" />
      <path d="M13 8v17" stroke="#c2781a" strokeWidth="2" />
    </svg>
  );
}

/** The wordmark, linking home. */
export function Logo({ to = '/', tone = 'dark' }: { to?: string; tone?: 'dark' | 'light' }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight ${tone === 'dark' ? 'text-ink-950' : 'text-white'}`}
    >
      <BookMark tone={tone} />
      <span>{productName}</span>
    </Link>
  );
}
