import { useId, useRef, useState } from 'react';
import type { Webhook, WebhookWithSecret } from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { ChevronDownIcon, PlusIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { Panel } from '../../settings/tabs/Panel';
import { rowListClass } from '../../sharing/people/PersonRow';
import {
  useDeleteWebhookMutation,
  useListWebhooksQuery,
  useRotateWebhookSecretMutation,
  useTestWebhookMutation,
  useUpdateWebhookMutation,
} from '../apiAccessApi';
import { ConfirmDialog } from '../ConfirmDialog';
import { FocusSection } from '../FocusSection';
import { useOwnerLabel } from '../owners';
import { SecretDialog } from '../SecretDialog';
import { apiAccessTexts as texts } from '../texts';
import { Deliveries } from './Deliveries';
import { WebhookFormDialog } from './WebhookFormDialog';

/**
 * A secret to show once: a new endpoint's, or a rotated one's (which says the old one signs for 24 hours), and
 * the button that began it, where focus goes back.
 */
type ShownSecret = { secret: string; rotated: boolean; returnTo: () => HTMLElement | null | undefined };

/**
 * The person's webhook endpoints: add (Enterprise only, `canCreate`), and for each its URL, events and state,
 * Send test, its deliveries, Edit, Rotate secret and Delete.
 */
export function WebhooksPanel({ canCreate }: { canCreate: boolean }) {
  const { data: webhooks, isLoading, isError } = useListWebhooksQuery();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret>();
  const ownerLabel = useOwnerLabel();
  const section = useRef<HTMLElement>(null);

  return (
    <FocusSection ref={section} label={texts.webhooksTitle}>
      <Panel
        title={texts.webhooksTitle}
        description={texts.webhooksDescription}
        actions={
          canCreate && (
            <Button type="button" variant="secondary" data-return-focus="add" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" />
              {texts.addWebhook}
            </Button>
          )
        }
      >
        {isLoading ? (
          <p className="text-sm text-stone-600" aria-busy="true">
            {texts.webhooksLoading}
          </p>
        ) : isError || !webhooks ? (
          <ErrorBox>{texts.webhooksFailed}</ErrorBox>
        ) : webhooks.length === 0 ? (
          <p className="text-sm text-stone-600">{texts.noWebhooks}</p>
        ) : (
          <ul className={rowListClass} aria-label={texts.webhooksTitle}>
            {webhooks.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                webhook={webhook}
                owner={ownerLabel(webhook.workspaceId)}
                onRotated={(answer, returnTo) => setShown({ secret: answer.secret, rotated: true, returnTo })}
                afterDelete={() => section.current}
              />
            ))}
          </ul>
        )}
        {adding && (
          <WebhookFormDialog
            open
            onClose={() => setAdding(false)}
            onCreated={(answer) => {
              setAdding(false);
              setShown({
                secret: answer.secret,
                rotated: false,
                returnTo: () => section.current?.querySelector<HTMLElement>('[data-return-focus="add"]'),
              });
            }}
          />
        )}
        {shown && (
          <SecretDialog
            open
            onClose={() => setShown(undefined)}
            title={shown.rotated ? texts.rotatedSecretTitle : texts.webhookSecretTitle}
            label={texts.secretLabel}
            secret={shown.secret}
            hint={shown.rotated ? texts.rotatedHint : texts.webhookSecretHint}
            returnFocus={shown.returnTo}
          />
        )}
      </Panel>
    </FocusSection>
  );
}

/** Enabled, paused by its owner, or disabled by the dispatcher and why. */
function StateBadge({ webhook }: { webhook: Webhook }) {
  const [label, tone] = webhook.enabled
    ? [texts.enabled, 'border-emerald-200 bg-emerald-50 text-emerald-900']
    : webhook.disabledReason === 'gone'
      ? [texts.disabledGone, 'border-red-200 bg-red-50 text-red-800']
      : webhook.disabledReason === 'failing'
        ? [texts.disabledFailing, 'border-red-200 bg-red-50 text-red-800']
        : [texts.paused, 'border-stone-300 bg-stone-100 text-stone-800'];
  return (
    <span data-testid="webhook-state" className={`rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {label}
    </span>
  );
}

function WebhookRow({
  webhook,
  owner,
  onRotated,
  afterDelete,
}: {
  webhook: Webhook;
  owner: string | undefined;
  /** With where focus goes after the secret is shown: this row's Rotate button. */
  onRotated: (answer: WebhookWithSecret, returnTo: () => HTMLElement | null | undefined) => void;
  /** Where focus goes once the row, and its Delete button, are gone. */
  afterDelete: () => HTMLElement | null;
}) {
  const deleted = useRef(false);
  const row = useRef<HTMLLIElement>(null);
  const deliveriesId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete'>();
  const [sendTest, testing] = useTestWebhookMutation();
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();

  async function test() {
    try {
      await sendTest(webhook.id).unwrap();
      setShowDeliveries(true);
      toast.success(texts.testSent);
    } catch (error) {
      toast.error(errorMessage(error, texts.testFailed));
    }
  }
  async function enable() {
    try {
      await update({ id: webhook.id, changes: { enabled: true } }).unwrap();
      toast.success(texts.enabledAgain);
    } catch (error) {
      toast.error(errorMessage(error, texts.saveFailed));
    }
  }
  async function confirmRotate() {
    try {
      const answer = await rotate(webhook.id).unwrap();
      setConfirm(undefined);
      onRotated(answer, () => row.current?.querySelector<HTMLElement>('[data-return-focus="rotate"]'));
    } catch (error) {
      toast.error(errorMessage(error, texts.rotateFailed));
    }
  }
  async function confirmDelete() {
    try {
      const answer = await remove(webhook.id).unwrap();
      deleted.current = true;
      setConfirm(undefined);
      toast.success(answer.msg || texts.removed);
    } catch (error) {
      toast.error(errorMessage(error, texts.removeFailed));
    }
  }

  return (
    <li ref={row} data-testid="webhook" className="py-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-ink-950">{webhook.url}</span>
          <StateBadge webhook={webhook} />
        </p>
        {webhook.description && <p className="text-sm text-stone-700">{webhook.description}</p>}
        {owner && <p className="text-xs font-medium text-stone-700">{owner}</p>}
        <ul className="flex flex-wrap gap-1.5" aria-label={texts.events}>
          {webhook.events.map((type) => (
            <li key={type} className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-800">
              {type}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {!webhook.enabled && (
          <Button
            type="button"
            size="sm"
            aria-label={texts.enableFor(webhook.url)}
            busy={updating.isLoading}
            disabled={updating.isLoading}
            onClick={() => void enable()}
          >
            {texts.enable}
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={texts.sendTestFor(webhook.url)}
          busy={testing.isLoading}
          disabled={testing.isLoading || !webhook.enabled}
          onClick={() => void test()}
        >
          {texts.sendTest}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          aria-label={texts.deliveriesOf(webhook.url)}
          onClick={() => setShowDeliveries((open) => !open)}
        >
          {texts.showDeliveries}
          <ChevronDownIcon className={`size-4 transition-transform ${showDeliveries ? 'rotate-180' : ''}`} />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={texts.editFor(webhook.url)}
          onClick={() => setEditing(true)}
        >
          {texts.edit}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={texts.rotateFor(webhook.url)}
          data-return-focus="rotate"
          onClick={() => setConfirm('rotate')}
        >
          {texts.rotate}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={texts.removeFor(webhook.url)}
          onClick={() => setConfirm('delete')}
        >
          {texts.remove}
        </Button>
      </div>
      {showDeliveries && <Deliveries webhookId={webhook.id} id={deliveriesId} />}
      {editing && <WebhookFormDialog open webhook={webhook} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirm === 'rotate'}
        onClose={() => setConfirm(undefined)}
        title={texts.rotateTitle}
        body={texts.rotateBody}
        action={texts.rotate}
        busyLabel={texts.rotating}
        busy={rotating.isLoading}
        destructive={false}
        onConfirm={() => void confirmRotate()}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onClose={() => setConfirm(undefined)}
        title={texts.removeTitle}
        body={texts.removeBody(webhook.url)}
        action={texts.remove}
        busyLabel={texts.removing}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        returnFocus={() => (deleted.current ? afterDelete() : null)}
      />
    </li>
  );
}
