import { useState, type FormEvent } from 'react';
import { workspaceMessages, type Seats, type SeatsPreview } from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { Button, ErrorBox, TextField } from '../../../components/ui';
import { formatAmount } from '../../billing/euros';
import { workspaceTexts as texts } from '../texts';
import { useChangeSeatsMutation, workspacesApi } from '../workspacesApi';

const validSeats = (value: number) => Number.isInteger(value) && value >= 1 && value <= 10_000;
/** Cents to "€12.00". */
const money = (cents: number) => formatAmount(cents / 100);

/**
 * Changing the seat count: the admin types a number, sees what it costs (due now and each month, from the
 * server's preview) and only then confirms it.
 */
export function ChangeSeatsDialog({
  workspaceId,
  seats,
  open,
  onClose,
}: {
  workspaceId: string;
  seats: Seats;
  open: boolean;
  onClose: () => void;
}) {
  const [count, setCount] = useState(String(seats.limit));
  const wanted = Number(count);
  const { shown, invalid, error, previewing, changing, onPreview, onConfirm } = useSeatChange(
    workspaceId,
    wanted,
    onClose,
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={texts.changeSeats}
      description={texts.seatsUsed(seats.used, seats.limit)}
    >
      <form
        onSubmit={(event) => void onPreview(event)}
        noValidate
        aria-label={texts.changeSeats}
        className="mt-6 space-y-4"
      >
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label={texts.seatCount}
            type="number"
            inputMode="numeric"
            min={1}
            max={10_000}
            step={1}
            required
            className="w-40"
            value={count}
            error={invalid ? workspaceMessages.seats : undefined}
            onChange={(event) => setCount(event.target.value)}
          />
          <Button type="submit" variant="secondary" busy={previewing} disabled={previewing}>
            {previewing ? texts.previewing : texts.seePrice}
          </Button>
        </div>
        {shown && <SeatsPrice preview={shown} />}
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="button" busy={changing} disabled={!shown || changing} onClick={() => void onConfirm()}>
            {texts.confirmSeats(shown?.seats ?? wanted)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks the price of `wanted` seats (checked first), then sets them once confirmed. */
function useSeatChange(workspaceId: string, wanted: number, onDone: () => void) {
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string>();
  const [preview, { data, isFetching }] = workspacesApi.endpoints.previewSeats.useLazyQuery();
  const [change, { isLoading: changing }] = useChangeSeatsMutation();
  // A price shown is the price of the number in the field: typing another one asks again.
  const shown = data && data.seats === wanted ? data : undefined;

  async function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setInvalid(!validSeats(wanted));
    if (!validSeats(wanted)) return;
    try {
      await preview({ workspaceId, seats: wanted }).unwrap();
    } catch (err) {
      setError(errorMessage(err, texts.seatsFailed));
    }
  }

  async function onConfirm() {
    setError(undefined);
    try {
      const workspace = await change({ workspaceId, seats: wanted }).unwrap();
      toast.success(texts.seatsChanged(workspace.seats.limit));
      onDone();
    } catch (err) {
      setError(errorMessage(err, texts.seatsFailed));
    }
  }

  return { shown, invalid, error, previewing: isFetching, changing, onPreview, onConfirm };
}

/** What the new count costs: now (charged or credited, prorated) and each month from now on. */
function SeatsPrice({ preview }: { preview: SeatsPreview }) {
  const credit = preview.dueNow < 0;
  return (
    <div role="status" data-testid="seats-preview" className="rounded-xl border border-stone-200 bg-paper/60 p-4">
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">{credit ? texts.creditNow : texts.dueNow}</dt>
          <dd className="font-semibold text-ink-950">{money(Math.abs(preview.dueNow))}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">{texts.monthly}</dt>
          <dd className="font-semibold text-ink-950">{money(preview.monthly)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        {preview.provider === 'local' ? texts.noCharge : texts.perSeat(money(preview.perSeat))}
      </p>
    </div>
  );
}
