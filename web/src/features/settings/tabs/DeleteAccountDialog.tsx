import { useState, type FormEvent } from 'react';
import { sameEmail } from '@bookwright/contracts/text';
import { type User } from '@bookwright/contracts/http';
import { Dialog } from '../../../components/Dialog';
import { InputField } from '../../../components/fields';
import { Button, ErrorBox } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../texts';
import { useDeleteAccountMutation } from '../settingsApi';

const texts = settingsTexts.deletion;

/**
 * The author types their email, then their password (an account without one, from an identity
 * provider, confirms with the email alone). After the deletion the browser goes to the landing page
 * with a fresh page, so nothing of the account stays in memory.
 */
export function DeleteAccountDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const passwordless = user.localCredentials === false;
  const emailMatches = sameEmail(email, user.email);
  const ready = emailMatches && (passwordless || password.length > 0);

  function close() {
    setEmail('');
    setPassword('');
    setProblem(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!emailMatches) return setProblem(texts.emailMismatch);
    setProblem(undefined);
    try {
      await deleteAccount({
        id: user._id,
        confirmation: passwordless ? { email: email.trim() } : { password },
      }).unwrap();
      window.location.assign('/');
    } catch (error) {
      setProblem(errorMessage(error, texts.failure));
    }
  }

  return (
    <Dialog open={open} onClose={close} title={texts.title} description={texts.text} size="sm">
      <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-4" noValidate>
        <InputField
          label={texts.typeEmail}
          name="confirmEmail"
          type="email"
          autoComplete="off"
          placeholder={user.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={email && !emailMatches ? texts.emailMismatch : undefined}
        />
        {!passwordless && emailMatches && (
          <InputField
            label={texts.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {problem && <ErrorBox>{problem}</ErrorBox>}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button type="button" variant="ghost" onClick={close} disabled={isLoading}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/50"
            busy={isLoading}
            disabled={!ready || isLoading}
          >
            {isLoading ? texts.deleting : texts.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
