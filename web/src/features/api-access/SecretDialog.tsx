import { useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { controlClass } from '../../components/fields';
import { CheckIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { apiAccessTexts as texts } from './texts';

/**
 * A secret shown this once (a new API token, a webhook's signing secret): in a read-only field that selects
 * itself, with a Copy button that says "Copied" when the clipboard took it. Where the clipboard refuses
 * (no permission, an insecure origin) the field is selected and a line says to copy by hand.
 */
export function SecretDialog({
  open,
  onClose,
  title,
  label,
  secret,
  hint,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The field's name: "API token", "Signing secret". */
  label: string;
  secret: string;
  /** A line about this secret, under the warning. */
  hint?: string;
  /**
   * Where focus goes on close. It opens as the dialog that asked for it closes, so what had focus then (that
   * dialog's button) is gone: the caller names the button that began it all.
   */
  returnFocus: () => HTMLElement | null | undefined;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'refused'>('idle');

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('refused');
      field.current?.focus();
      field.current?.select();
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      returnFocus={returnFocus}
      title={title}
      description={
        <>
          <p className="font-semibold text-stone-800">{texts.onceWarning}</p>
          {hint && <p className="mt-2">{hint}</p>}
        </>
      }
      footer={
        <Button type="button" onClick={onClose}>
          {texts.done}
        </Button>
      }
    >
      <div className="mt-5">
        <label htmlFor="secret-once" className="mb-1.5 block text-sm font-medium text-stone-800">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="secret-once"
            ref={field}
            readOnly
            value={secret}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="secret-value"
            className={controlClass(false, 'min-w-0 grow font-mono text-sm')}
          />
          <Button type="button" variant="secondary" onClick={() => void copySecret()} className="shrink-0">
            {copy === 'copied' && <CheckIcon className="size-4" />}
            {copy === 'copied' ? texts.copied : texts.copy}
          </Button>
        </div>
        {/* Read out when the copy is done or refused; the button's own text changes too, for sighted people. */}
        <p role="status" className="mt-1.5 min-h-4 text-xs text-stone-700">
          {copy === 'copied' ? texts.copiedStatus : copy === 'refused' ? texts.copyByHand : ''}
        </p>
      </div>
    </Dialog>
  );
}
