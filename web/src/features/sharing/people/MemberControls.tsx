import { useState } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { controlClass } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { sharingTexts as texts } from '../texts';
import type { RoleChoices } from './roleChoices';

/**
 * The controls of one person, for whoever manages them: their role, and removing them. `changeRole` and
 * `remove` reject with the server's refusal, which a toast shows; `removed` is the toast of success.
 */
export function MemberControls<R extends string>({
  name,
  role,
  choices,
  changeRole,
  remove,
  removed,
}: {
  name: string;
  role: R;
  choices: RoleChoices<R>;
  changeRole: (role: R) => Promise<unknown>;
  remove: () => Promise<unknown>;
  removed: string;
}) {
  const [busy, setBusy] = useState<'role' | 'remove'>();
  async function run(what: 'role' | 'remove', change: () => Promise<unknown>, done: string) {
    setBusy(what);
    try {
      await change();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={texts.roleOf(name)}
        value={role}
        disabled={busy === 'role'}
        onChange={(event) => {
          const next = event.target.value as R;
          void run('role', () => changeRole(next), texts.roleChanged(name, choices.labels[next]));
        }}
        className={controlClass(false, '', 'compact')}
      >
        {choices.roles.map((choice) => (
          <option key={choice} value={choice}>
            {choices.labels[choice]}
          </option>
        ))}
      </select>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={texts.removeWho(name)}
        busy={busy === 'remove'}
        disabled={busy === 'remove'}
        onClick={() => void run('remove', remove, removed)}
      >
        {texts.remove}
      </Button>
    </div>
  );
}
