import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { passwordResetMessages } from '@bookwright/contracts/http';
import { Button, ErrorBox, SuccessBox, TextField } from '../../components/ui';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/baseQuery';
import { forgotPasswordTexts as texts } from './texts';
import { useForgotPasswordMutation } from './authApi';
import { AuthLayout } from './AuthLayout';

type Phase = 'idle' | 'sending' | 'sent';

export function ForgotPasswordPage() {
  const [forgotPassword] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec §5: non-empty and containing an at sign.
    if (!email.trim() || !email.includes('@')) {
      setError(passwordResetMessages.invalidEmail);
      return;
    }
    setError(undefined);
    setPhase('sending');
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      setPhase('sent');
    } catch (err) {
      toast.error(errorMessage(err, texts.failure));
      setPhase('idle');
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && <ErrorBox>{error}</ErrorBox>}
        {phase === 'sent' && <SuccessBox>{texts.success}</SuccessBox>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          readOnly={phase === 'sent'}
        />
        <Button type="submit" className="w-full" busy={phase === 'sending'} disabled={phase !== 'idle'}>
          {phase === 'sending' ? texts.sending : phase === 'sent' ? texts.sent : texts.submit}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className="rounded font-semibold text-ink-800 underline-offset-4 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthLayout>
  );
}
