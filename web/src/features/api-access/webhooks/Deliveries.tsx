import { useState } from 'react';
import type { WebhookAttempt, WebhookDelivery } from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { RetryIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { useListWebhookDeliveriesQuery, useRedeliverWebhookMutation } from '../apiAccessApi';
import { apiAccessTexts as texts, whenText } from '../texts';

const statusTone: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 border-amber-200',
  succeeded: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  failed: 'bg-red-50 text-red-800 border-red-200',
};

/**
 * An endpoint's latest deliveries, newest first, each with its attempts (status code, time, duration, error)
 * and Redeliver (the same webhook-id again). Read again while one is pending (apiAccessApi's nextPoll).
 */
export function Deliveries({ webhookId, id }: { webhookId: string; id: string }) {
  const [poll, setPoll] = useState(0);
  const { data, isLoading, isError } = useListWebhookDeliveriesQuery(webhookId, { pollingInterval: poll });
  // The interval follows the answer: adjusted while rendering (React's pattern for state derived from a query),
  // the next render starts, slows or stops the polling.
  const nextPoll = data?.nextPoll ?? 0;
  if (nextPoll !== poll) setPoll(nextPoll);
  const deliveries = data?.list;

  return (
    <div id={id} className="mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4">
      {isLoading ? (
        <p className="text-sm text-stone-600" aria-busy="true">
          {texts.deliveriesLoading}
        </p>
      ) : isError || !deliveries ? (
        <ErrorBox>{texts.deliveriesFailed}</ErrorBox>
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-stone-600">{texts.noDeliveries}</p>
      ) : (
        <ul className="space-y-3">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} webhookId={webhookId} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryItem({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const [redeliver, { isLoading }] = useRedeliverWebhookMutation();
  const created = whenText(delivery.createdAt);

  async function again() {
    try {
      await redeliver({ webhookId, deliveryId: delivery.id }).unwrap();
      toast.success(texts.redelivered);
    } catch (error) {
      toast.error(errorMessage(error, texts.redeliverFailed));
    }
  }

  return (
    <li data-testid="webhook-delivery" className="rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold text-ink-950">{delivery.eventType}</span>
            <span
              className={`rounded-full border px-2 py-0.5 text-xs font-medium ${statusTone[delivery.status]}`}
              data-testid="delivery-status"
            >
              {texts.deliveryStatus[delivery.status]}
            </span>
          </p>
          <p className="mt-0.5 text-xs text-stone-600">
            {created} · {texts.attempts(delivery.attempts.length)}
            {delivery.status === 'pending' && delivery.nextAttemptAt && (
              <> · {texts.nextAttempt(whenText(delivery.nextAttemptAt))}</>
            )}
          </p>
          <p className="mt-0.5 font-mono text-xs [overflow-wrap:anywhere] text-stone-600">{delivery.id}</p>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={texts.redeliverFor(delivery.eventType, created)}
          busy={isLoading}
          disabled={isLoading}
          onClick={() => void again()}
        >
          {!isLoading && <RetryIcon className="size-4" />}
          {texts.redeliver}
        </Button>
      </div>
      {delivery.attempts.length > 0 && (
        <ol className="mt-2 divide-y divide-stone-200 border-t border-stone-200">
          {delivery.attempts.map((attempt, index) => (
            <Attempt key={`${attempt.attemptedAt}-${index}`} attempt={attempt} />
          ))}
        </ol>
      )}
    </li>
  );
}

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <li data-testid="webhook-attempt" className="py-1.5 text-xs text-stone-700">
      <span className={`font-mono font-semibold ${ok ? 'text-emerald-800' : 'text-red-700'}`}>
        {attempt.statusCode === null ? texts.noAnswer : texts.statusCode(attempt.statusCode)}
      </span>
      {' · '}
      <time dateTime={attempt.attemptedAt}>{whenText(attempt.attemptedAt)}</time>
      {' · '}
      <span className="whitespace-nowrap">{texts.duration(attempt.durationMs)}</span>
      {attempt.error && <span className="block [overflow-wrap:anywhere] text-red-700">{attempt.error}</span>}
    </li>
  );
}
