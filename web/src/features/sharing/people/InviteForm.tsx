import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorBox, TextField } from '../../../components/ui';
import { CopyLink } from '../CopyLink';
import { sharingTexts as texts } from '../texts';
import { RolePicker } from './RolePicker';
import type { RoleChoices } from './roleChoices';

/** What the server answers to an invitation: to whom it went, and its link (shown once: only its hash is kept). */
export interface SentInvitation {
  email: string;
  link: string;
}

/**
 * An invitation to a book or a workspace: an email and a role (each said in one line), then the link that
 * was mailed, to copy as well. `refusal` words the server's refusal (a 402 says what it lacks).
 */
export function InviteForm<R extends string>({
  choices,
  initialRole,
  invite,
  refusal,
  className = '',
}: {
  choices: RoleChoices<R>;
  initialRole: R;
  invite: (email: string, role: R) => Promise<SentInvitation>;
  refusal: (error: unknown) => ReactNode;
  className?: string;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<R>(initialRole);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ReactNode>();
  const [sent, setSent] = useState<SentInvitation>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefused(undefined);
    setSent(undefined);
    setBusy(true);
    try {
      const created = await invite(email.trim(), role);
      setSent({ email: created.email, link: created.link });
      setEmail('');
    } catch (error) {
      setRefused(refusal(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={texts.inviteForm} className={`space-y-4 ${className}`}>
      {refused && <ErrorBox>{refused}</ErrorBox>}
      <TextField
        label={texts.email}
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <RolePicker choices={choices} value={role} onChange={setRole} />
      <Button type="submit" className="w-full sm:w-auto" busy={busy} disabled={busy}>
        {busy ? texts.inviting : texts.invite}
      </Button>
      {sent && (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm">
          <p className="text-emerald-900">{texts.invitedTo(sent.email)}</p>
          <CopyLink label={texts.copyLinkFor(sent.email)} getLink={() => Promise.resolve(sent.link)} />
        </div>
      )}
    </form>
  );
}
