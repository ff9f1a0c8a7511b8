import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currency, deriveUserName, passwordPolicy, plans } from '@bookwright/contracts/http';
import { Button, ErrorBox, TextField } from '../../components/ui';
import { errorMessage } from '../../api/baseQuery';
import { authTexts } from './texts';
import { isPaidPlan, useCreateCheckoutMutation, type PaidPlan } from '../billing/billingApi';
import { useSignUpMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { IdentityProviderButton } from './IdentityProviderButton';
import { inviteParam, invitePath, sharingTexts } from '../sharing/texts';

interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function SignUpPage() {
  const [params] = useSearchParams();
  const accountType = params.get('accountType');
  const plan = params.get('plan');
  // Came from an invitation (issue 43): back to it after signing up, where it is accepted; no plan is needed
  // to work on someone else's book, so no plan choice on the way.
  const invite = params.get(inviteParam);
  const [form, setForm] = useState<SignUpForm>({
    firstName: '',
    lastName: '',
    email: invite ? (params.get('email') ?? '') : '',
    password: '',
  });
  const chosen = invite ? undefined : isPaidPlan(plan) ? plan : isPaidPlan(accountType) ? accountType : undefined;
  const { onSubmit, busy, error } = useSignUpSubmit({ form, invite, chosen });

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        chosen ? (
          <>
            You&apos;re starting with the <strong className="font-semibold text-ink-900">{plans[chosen].label}</strong>{' '}
            plan.
          </>
        ) : invite ? (
          sharingTexts.signUpSubtitle
        ) : (
          'Start turning your ideas into finished books.'
        )
      }
    >
      <form onSubmit={onSubmit} className="space-y-5">
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${passwordPolicy.minLength} characters.`}
          {...field('password')}
        />
        <Button type="submit" className="w-full" busy={busy} disabled={busy}>
          {busy ? authTexts.creatingAccount : 'Create Account'}
        </Button>
      </form>
      <IdentityProviderButton accountType={chosen ?? null} invite={invite} />
      <p className="mt-8 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link
          to={invite ? `/login?${params.toString()}` : '/login'}
          className="rounded font-semibold text-ink-800 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

/** Creates the account, then goes on to the invitation, to checkout for the chosen plan, or to the plans. */
function useSignUpSubmit({
  form,
  invite,
  chosen,
}: {
  form: SignUpForm;
  invite: string | null;
  chosen: PaidPlan | undefined;
}) {
  const navigate = useNavigate();
  const [signUp] = useSignUpMutation();
  const [createCheckout] = useCreateCheckoutMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await signUp({ ...form, userName: deriveUserName(form.firstName, form.lastName) }).unwrap();
    } catch (err) {
      setError(errorMessage(err, authTexts.fallbackError));
      setBusy(false);
      return;
    }
    if (invite) return void (await navigate(invitePath(invite, true)));
    // The landing page's plan links carry ?accountType=, older links ?plan=: either starts checkout.
    if (chosen) {
      try {
        const { url } = await createCheckout({ accountType: chosen, currency }).unwrap();
        window.location.assign(url);
        return;
      } catch {
        // Spec §8: a payment failure in the signup flow is silent; the plan page lets the author retry.
      }
    }
    await navigate(chosen ? `/choose-plan?accountType=${chosen}` : '/choose-plan');
  }

  return { onSubmit, busy, error };
}
