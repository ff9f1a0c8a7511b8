import { useState, type FormEvent } from 'react';
import {
  CreateWebhookRequestSchema,
  UpdateWebhookRequestSchema,
  webhookEventTypes,
  type Webhook,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { Dialog } from '../../../components/Dialog';
import { InputField } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from '../apiAccessApi';
import { ChoiceGroup } from '../ChoiceGroup';
import { fieldErrors } from '../fieldErrors';
import { OwnerSelect, useAdministeredWorkspaces } from '../owners';
import { apiAccessTexts as texts, eventDescriptions } from '../texts';

interface Fields {
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  owner: string;
}

const fieldsOf = (webhook: Webhook | undefined): Fields => ({
  url: webhook?.url ?? '',
  events: webhook?.events ?? ['book.ready'],
  description: webhook?.description ?? '',
  enabled: webhook?.enabled ?? true,
  owner: '',
});

/**
 * Adds an endpoint (POST /webhooks; `onCreated` gets the answer, the only one with the secret) or, given
 * `webhook`, edits it (PATCH: URL, events, description, enabled). Checked with contracts' schemas first; the
 * server's refusals (a private address, 402 on a lapsed plan) are shown as it words them. Its buttons stay in
 * view (a sticky footer) while the events scroll: a laptop's 800 px showed the form without them.
 */
export function WebhookFormDialog({
  open,
  onClose,
  webhook,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  webhook?: Webhook;
  onCreated?: (created: WebhookWithSecret) => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(webhook));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [create, creating] = useCreateWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const busy = creating.isLoading || updating.isLoading;
  const workspaces = useAdministeredWorkspaces();

  function close() {
    setFields(fieldsOf(webhook));
    setErrors({});
    setProblem(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const request = { url: fields.url, events: fields.events, description: fields.description };
    try {
      if (webhook) {
        const parsed = UpdateWebhookRequestSchema.safeParse({ ...request, enabled: fields.enabled });
        if (!parsed.success) return setErrors(fieldErrors(parsed.error));
        setErrors({});
        await update({ id: webhook.id, changes: parsed.data }).unwrap();
        toast.success(texts.saved);
        onClose();
      } else {
        const owner = fields.owner ? { workspaceId: fields.owner } : {};
        const parsed = CreateWebhookRequestSchema.safeParse({ ...request, ...owner });
        if (!parsed.success) return setErrors(fieldErrors(parsed.error));
        setErrors({});
        const created = await create(parsed.data).unwrap();
        setFields(fieldsOf(undefined));
        onCreated?.(created);
      }
    } catch (error) {
      setProblem(errorMessage(error, webhook ? texts.saveFailed : texts.addFailed));
    }
  }

  return (
    <Dialog open={open} onClose={close} title={webhook ? texts.editWebhookTitle : texts.addWebhookTitle}>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        <InputField
          label={texts.url}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/bookwright"
          hint={texts.urlHint}
          error={errors.url}
          requiredMark
          autoComplete="off"
          spellCheck={false}
          value={fields.url}
          onChange={(event) => setFields({ ...fields, url: event.target.value })}
        />
        {!webhook && (
          <OwnerSelect
            workspaces={workspaces}
            value={fields.owner}
            onChange={(owner) => setFields({ ...fields, owner })}
          />
        )}
        <ChoiceGroup
          legend={texts.events}
          name="events"
          choices={webhookEventTypes}
          columns={2}
          describe={(type) => eventDescriptions[type]}
          selected={fields.events}
          onChange={(events) => setFields({ ...fields, events })}
          error={errors.events}
        />
        <InputField
          label={texts.description}
          name="description"
          error={errors.description}
          maxLength={200}
          autoComplete="off"
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
        />
        {webhook && (
          <label className="flex items-center gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              name="enabled"
              checked={fields.enabled}
              onChange={(event) => setFields({ ...fields, enabled: event.target.checked })}
              className="size-4 accent-ink-700"
            />
            {texts.enabledField}
          </label>
        )}
        {problem && <ErrorBox>{problem}</ErrorBox>}
        <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-stone-200 bg-white px-6 py-4 sm:-mx-7 sm:-mb-7 sm:flex-row sm:justify-end sm:px-7">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={busy} disabled={busy}>
            {webhook ? (busy ? texts.saving : texts.save) : busy ? texts.adding : texts.add}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
