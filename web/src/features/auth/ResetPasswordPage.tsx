import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { changePasswordMessages, passwordPolicy } from '@bookwright/contracts/http';
import { Button, ErrorBox, SuccessBox, TextField } from '../../components/ui';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/baseQuery';
import { resetPasswordTexts as texts } from './texts';
import { useResetPasswordMutation } from './authApi';
import { AuthLayout } from './AuthLayout';

/** The spec's redirect delay after a successful reset (§9). */
const redirectDelayMs = 2000;

type Phase = 'idle' | 'submitting' | 'done';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => void navigate('/login'), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec §5, in this order: both fields, then equality.
    if (!newPassword || !confirmPassword) {
      setError(texts.incomplete);
      return;
    }
    if (newPassword !== confirmPassword) {
      setError(changePasswordMessages.mismatch);
      return;
    }
    setError(undefined);
    setPhase('submitting');
    try {
      await resetPassword({ token, newPassword }).unwrap();
      setPhase('done');
    } catch (err) {
      toast.error(errorMessage(err, texts.failure));
      setPhase('idle');
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick something you haven't used here before.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && <ErrorBox>{error}</ErrorBox>}
        {phase === 'done' && <SuccessBox>{texts.success}</SuccessBox>}
        <TextField
          label={texts.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`At least ${passwordPolicy.minLength} characters.`}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <TextField
          label={texts.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" busy={phase === 'submitting'} disabled={phase !== 'idle'}>
          {phase === 'submitting' ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-stone-600">
        <Link to="/login" className="rounded font-semibold text-ink-800 underline-offset-4 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthLayout>
  );
}
