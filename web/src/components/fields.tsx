import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** The size of a control: a form's field, or a compact one inside a row (beside a small button). */
export type ControlSize = 'field' | 'compact';

const controlSizes: Record<ControlSize, string> = {
  field: 'w-full px-3.5 py-2.5 text-[15px]',
  // The height and text of a small button (buttonClass's 'sm'), so a row's controls line up.
  compact: 'w-auto py-1.5 pr-8 pl-2.5 text-sm',
};

/**
 * A text field's, text area's or select's look. The size sets the width, padding and text size, so `extra`
 * must not repeat them: two Tailwind classes of one property do not override each other by their order here.
 */
export const controlClass = (invalid: boolean, extra = '', size: ControlSize = 'field') =>
  `block rounded-lg border bg-white ${controlSizes[size]} text-stone-900 shadow-xs transition-colors placeholder:text-stone-400 focus:border-ink-500 focus:ring-2 focus:ring-ink-200 focus:outline-none disabled:bg-stone-50 disabled:text-stone-500 ${invalid ? 'border-red-500 ring-2 ring-red-100' : 'border-stone-300'} ${extra}`;

interface FieldChrome {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shows the red asterisk of a required field (and tells assistive technology). */
  requiredMark?: boolean;
  className?: string;
}

/** Label, hint and error around one control; the control gets the ids it needs from `render`. */
export function Field({
  label,
  hint,
  error,
  requiredMark,
  className = '',
  render,
}: FieldChrome & {
  render: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    'aria-required'?: true;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex text-sm font-medium text-stone-800">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label: the name stays the field's name; aria-required says it is required. */}
        {requiredMark && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {render({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(requiredMark ? { 'aria-required': true as const } : {}),
      })}
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

export function InputField({
  label,
  hint,
  error,
  requiredMark,
  className,
  ...input
}: FieldChrome & ComponentPropsWithRef<'input'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      requiredMark={requiredMark}
      className={className}
      render={(ids) => <input {...ids} className={controlClass(Boolean(error))} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  requiredMark,
  className,
  ...textarea
}: FieldChrome & ComponentPropsWithRef<'textarea'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      requiredMark={requiredMark}
      className={className}
      render={(ids) => <textarea {...ids} className={controlClass(Boolean(error), 'resize-y')} {...textarea} />}
    />
  );
}

export function SelectField({
  label,
  hint,
  error,
  requiredMark,
  className,
  children,
  ...select
}: FieldChrome & ComponentPropsWithRef<'select'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      requiredMark={requiredMark}
      className={className}
      render={(ids) => (
        <select {...ids} className={controlClass(Boolean(error), 'appearance-auto pr-8')} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** Puts the focus on the form control named `name`. */
export function focusControl(form: HTMLFormElement, name: string) {
  const control = form.elements.namedItem(name);
  // A rich-text field (contenteditable) is no form control: it names itself with data-field.
  const element =
    (control instanceof RadioNodeList ? control[0] : control) ?? form.querySelector(`[data-field="${name}"]`);
  if (element instanceof HTMLElement) element.focus();
}
