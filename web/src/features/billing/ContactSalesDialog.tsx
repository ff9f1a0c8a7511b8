import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/fields';
import { Button, ErrorBox, SuccessBox } from '../../components/ui';
import { sendSalesEnquiry, type SalesEnquiryForm } from './salesEnquiry';

const empty: SalesEnquiryForm = { name: '', company: '', email: '', seats: '', message: '' };

/** Enterprise's "Contact sales": the enquiry goes to the sales address; the answer is the server's. */
export function ContactSalesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(empty);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();

  const field = (name: keyof SalesEnquiryForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      setSent(await sendSalesEnquiry(form));
      setForm(empty);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSending(false);
    }
  }

  function close() {
    setSent(undefined);
    setError(undefined);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Contact sales"
      description="Tell us about your team and we will set up Enterprise for you."
    >
      {sent ? (
        <div className="mt-5 space-y-5">
          <SuccessBox>{sent}</SuccessBox>
          <Button type="button" variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      ) : (
        <form className="mt-5 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          {error && <ErrorBox>{error}</ErrorBox>}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="Name" requiredMark autoComplete="name" maxLength={200} {...field('name')} />
            <InputField
              label="Company"
              requiredMark
              autoComplete="organization"
              maxLength={200}
              {...field('company')}
            />
            <InputField label="Work email" requiredMark type="email" autoComplete="email" {...field('email')} />
            <InputField label="Seats" requiredMark type="number" min={1} inputMode="numeric" {...field('seats')} />
          </div>
          <TextAreaField label="Message" requiredMark rows={4} maxLength={5000} {...field('message')} />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" busy={sending} disabled={sending}>
              {sending ? 'Sending…' : 'Send'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
