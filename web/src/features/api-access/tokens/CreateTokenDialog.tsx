import { useState, type FormEvent } from 'react';
import {
  apiTokenScopes,
  CreateApiTokenRequestSchema,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { Dialog } from '../../../components/Dialog';
import { InputField, SelectField } from '../../../components/fields';
import { Button, ErrorBox } from '../../../components/ui';
import { useCreateApiTokenMutation } from '../apiAccessApi';
import { ChoiceGroup } from '../ChoiceGroup';
import { fieldErrors } from '../fieldErrors';
import { OwnerSelect, useAdministeredWorkspaces } from '../owners';
import { apiAccessTexts as texts, expiryChoices, scopeDescriptions } from '../texts';

/** What a new token starts with: read access, 90 days (long enough for a pipeline, short enough to expire). */
const initial = { name: '', scopes: ['books:read'] as ApiTokenScope[], expiry: '90', owner: '' };

/**
 * POST /tokens: a name, scopes and a life; the owner when the person administers a workspace. The form is
 * checked with contracts' schema first (its messages beside the fields); a refusal (402 on a lapsed plan,
 * say) shows the server's text. `onCreated` gets the answer, the only one with the secret.
 */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [create, { isLoading }] = useCreateApiTokenMutation();
  const workspaces = useAdministeredWorkspaces();

  function close() {
    setFields(initial);
    setErrors({});
    setProblem(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const parsed = CreateApiTokenRequestSchema.safeParse({
      name: fields.name,
      scopes: fields.scopes,
      ...(fields.expiry ? { expiresInDays: Number(fields.expiry) } : {}),
      ...(fields.owner ? { workspaceId: fields.owner } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const created = await create(parsed.data).unwrap();
      setFields(initial);
      onCreated(created);
    } catch (error) {
      setProblem(errorMessage(error, texts.createFailed));
    }
  }

  return (
    <Dialog open={open} onClose={close} title={texts.createTokenTitle}>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        <InputField
          label={texts.tokenName}
          name="name"
          hint={texts.tokenNameHint}
          error={errors.name}
          requiredMark
          maxLength={100}
          autoComplete="off"
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
        <OwnerSelect
          workspaces={workspaces}
          value={fields.owner}
          onChange={(owner) => setFields({ ...fields, owner })}
        />
        <ChoiceGroup
          legend={texts.scopes}
          name="scopes"
          choices={apiTokenScopes}
          describe={(scope) => scopeDescriptions[scope]}
          selected={fields.scopes}
          onChange={(scopes) => setFields({ ...fields, scopes })}
          error={errors.scopes}
        />
        <SelectField
          label={texts.expiry}
          name="expiry"
          hint={fields.expiry ? undefined : texts.neverExpiresHint}
          error={errors.expiresInDays}
          value={fields.expiry}
          onChange={(event) => setFields({ ...fields, expiry: event.target.value })}
        >
          {expiryChoices.map((days) => (
            <option key={days ?? 'never'} value={days === null ? '' : String(days)}>
              {texts.expiryLabel(days)}
            </option>
          ))}
        </SelectField>
        {problem && <ErrorBox>{problem}</ErrorBox>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={isLoading}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            {isLoading ? texts.creating : texts.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
