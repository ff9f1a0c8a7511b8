import { useState } from 'react';
import { errorMessage } from '../../api/baseQuery';
import { controlClass } from '../../components/fields';
import { LinkIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { sharingTexts as texts } from './texts';

/** The absolute address of an invitation's path (/invite/{token}), to paste into a message. */
const absolute = (link: string) => new URL(link, window.location.origin).toString();

/** Copies a link; where the clipboard refuses, shows it selected to copy by hand. */
export function CopyLink({ label, getLink }: { label: string; getLink: () => Promise<string> }) {
  const [shown, setShown] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function copy() {
    setBusy(true);
    let url: string | undefined;
    try {
      url = absolute(await getLink());
      await navigator.clipboard.writeText(url);
      toast.success(texts.copied);
    } catch (error) {
      if (url) setShown(url);
      else toast.error(errorMessage(error, texts.copyFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={label}
        busy={busy}
        disabled={busy}
        onClick={() => void copy()}
      >
        {!busy && <LinkIcon className="size-4" />}
        {texts.copyLink}
      </Button>
      {shown && (
        <div className="mt-2">
          <p className="mb-1 text-xs text-stone-700">{texts.copyFailed}</p>
          <input
            readOnly
            aria-label={texts.linkLabel}
            value={shown}
            onFocus={(event) => event.currentTarget.select()}
            className={controlClass(false, 'text-xs')}
          />
        </div>
      )}
    </div>
  );
}
