import { useState, type FormEvent } from 'react';
import { InputField } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../texts';
import { useChangePasswordMutation } from '../../auth/authApi';
import { Panel } from './Panel';

const texts = settingsTexts.security;
const empty = { password: '', newPassword: '', confirmPassword: '' };

/** PATCH /user/password: the server applies the sign-up rules and signs out every other session. */
export function SecurityTab() {
  const [fields, setFields] = useState(empty);
  const [problem, setProblem] = useState<string>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      await changePassword(fields).unwrap();
      toast.success(texts.success);
      setFields(empty);
    } catch (error) {
      toast.error(texts.failure);
      setProblem(errorMessage(error, texts.failure));
    }
  }

  return (
    <Panel title={texts.heading} description={texts.otherSessions}>
      <form onSubmit={(event) => void submit(event)} className="max-w-md space-y-4" noValidate>
        <InputField
          label={texts.currentPassword}
          name="password"
          type="password"
          autoComplete="current-password"
          value={fields.password}
          onChange={set('password')}
        />
        <InputField
          label={texts.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={fields.newPassword}
          onChange={set('newPassword')}
        />
        <InputField
          label={texts.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
        />
        {problem && <ErrorBox>{problem}</ErrorBox>}
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {texts.submit}
        </Button>
      </form>
    </Panel>
  );
}
