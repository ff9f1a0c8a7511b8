import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { identityProviderErrorText } from '@bookwright/contracts/http';
import { Button, ErrorBox, TextField } from '../../components/ui';
import { errorMessage } from '../../api/baseQuery';
import { authTexts } from './texts';
import { useLoginMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { IdentityProviderButton } from './IdentityProviderButton';
import { inviteParam, invitePath, sharingTexts } from '../sharing/texts';

export function LoginPage() {
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  // Came from an invitation (issue 43): back to it after signing in, where it is accepted.
  const invite = params.get(inviteParam);
  const [email, setEmail] = useState(() => (invite ? (params.get('email') ?? '') : ''));
  // A sign-in through the identity provider that failed comes back here with ?error=<code>.
  const [error, setError] = useState(() => identityProviderErrorText(params.get('error')));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    try {
      await login({ email, password }).unwrap();
      await navigate(invite ? invitePath(invite, true) : '/app');
    } catch (err) {
      setError(errorMessage(err, authTexts.fallbackError));
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={invite ? sharingTexts.signInSubtitle : 'Sign in to pick up where your story left off.'}
    >
      <form onSubmit={onSubmit} className="space-y-5">
        {error && <ErrorBox>{error}</ErrorBox>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div>
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="mt-2 text-right">
            <Link
              to="/forgot-password"
              className="rounded text-sm font-medium text-ink-700 underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" busy={isLoading} disabled={isLoading}>
          {isLoading ? authTexts.signingIn : 'Sign In'}
        </Button>
      </form>
      <IdentityProviderButton invite={invite} />
      <p className="mt-8 text-center text-sm text-stone-600">
        Don&apos;t have an account?{' '}
        <Link
          to={invite ? `/signup?${params.toString()}` : '/signup'}
          className="rounded font-semibold text-ink-800 underline-offset-4 hover:underline"
        >
          Create one
        </Link>
      </p>
    </AuthLayout>
  );
}
