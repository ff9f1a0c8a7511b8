import { useState, type FormEvent } from 'react';
import type { User } from '@bookwright/contracts/http';
import { InputField } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../texts';
import { useSetBillingDetailsMutation } from '../../billing/billingApi';
import { Panel } from './Panel';

const texts = settingsTexts.billing;

/** The same rule as the server's (contracts SdiCodeSchema): 7 letters or digits, 6 for a public administration. */
const sdiPattern = /^[A-Za-z0-9]{6,7}$/;

/**
 * What the invoices name: the details Checkout collected (copied from the payment provider by its
 * webhooks, edited in its billing portal), and the Italian SDI code, which only this form sets.
 */
export function BillingDetails({
  user,
  onOpenPortal,
  openingPortal,
}: {
  user: User;
  onOpenPortal: () => void;
  openingPortal: boolean;
}) {
  const place = [user.billingPostalCode, user.billingCity].filter(Boolean).join(' ');
  const address = [user.billingAddress, place, user.billingState, user.billingCountry].filter(Boolean).join(', ');
  const rows = [
    { label: texts.company, value: user.companyName },
    { label: texts.vatNumber, value: user.vatNumber },
    { label: texts.address, value: address || null },
  ].filter((row) => row.value);
  return (
    <Panel
      title={texts.details}
      description={texts.detailsHint}
      actions={
        user.billingPortal && (
          <Button variant="secondary" onClick={onOpenPortal} disabled={openingPortal} busy={openingPortal}>
            {texts.editInPortal}
          </Button>
        )
      }
    >
      {rows.length > 0 ? (
        <dl className="grid gap-4 sm:grid-cols-3" data-testid="billing-details">
          {rows.map((row) => (
            <div key={row.label} className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{row.label}</dt>
              <dd className="mt-1 text-sm font-medium break-words text-stone-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-stone-600">{texts.detailsEmpty}</p>
      )}
      <SdiForm key={user.sdi ?? ''} saved={user.sdi} />
    </Panel>
  );
}

function SdiForm({ saved }: { saved: string | null }) {
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string>();
  const [setBillingDetails, { isLoading }] = useSetBillingDetailsMutation();
  const code = value.trim();
  const unchanged = code.toUpperCase() === (saved ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code !== '' && !sdiPattern.test(code)) {
      setError('The SDI code has 7 letters or digits (6 for a public administration)');
      return;
    }
    setError(undefined);
    try {
      await setBillingDetails({ sdi: code }).unwrap();
      toast.success(texts.sdiSaved);
    } catch (failure) {
      setError(errorMessage(failure, texts.sdiFailed));
    }
  }

  return (
    <form
      className="mt-6 flex flex-wrap items-start gap-3 border-t border-stone-200 pt-5"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <InputField
        className="w-full max-w-xs"
        label={texts.sdi}
        hint={texts.sdiHint}
        error={error}
        name="sdi"
        value={value}
        maxLength={7}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" disabled={isLoading || unchanged} busy={isLoading}>
        {texts.sdiSave}
      </Button>
    </form>
  );
}
