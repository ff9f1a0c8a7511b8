import { useRef, useState } from 'react';
import type { ApiToken, CreatedApiToken } from '@bookwright/contracts/http';
import { errorMessage } from '../../../api/baseQuery';
import { PlusIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { longDate } from '../../settings/tabs/longDate';
import { Panel } from '../../settings/tabs/Panel';
import { rowListClass } from '../../sharing/people/PersonRow';
import { useListApiTokensQuery, useRevokeApiTokenMutation } from '../apiAccessApi';
import { ConfirmDialog } from '../ConfirmDialog';
import { FocusSection } from '../FocusSection';
import { useOwnerLabel } from '../owners';
import { SecretDialog } from '../SecretDialog';
import { apiAccessTexts as texts, whenText } from '../texts';
import { CreateTokenDialog } from './CreateTokenDialog';

/**
 * The person's API tokens (and their workspaces'): each by name and its masked end, scopes, dates and last
 * use, with Revoke. Only on Enterprise (`canCreate`) may new ones be made; a lapsed plan's tokens are still
 * listed and revocable, since they keep their history.
 */
export function TokensPanel({ canCreate }: { canCreate: boolean }) {
  const { data: tokens, isLoading, isError } = useListApiTokensQuery();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken>();
  const ownerLabel = useOwnerLabel();
  const section = useRef<HTMLElement>(null);

  return (
    <FocusSection ref={section} label={texts.tokensTitle}>
      <Panel
        title={texts.tokensTitle}
        description={texts.tokensDescription}
        actions={
          canCreate && (
            <Button type="button" variant="secondary" data-return-focus="create" onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              {texts.newToken}
            </Button>
          )
        }
      >
        {isLoading ? (
          <p className="text-sm text-stone-600" aria-busy="true">
            {texts.tokensLoading}
          </p>
        ) : isError || !tokens ? (
          <ErrorBox>{texts.tokensFailed}</ErrorBox>
        ) : tokens.length === 0 ? (
          <p className="text-sm text-stone-600">{texts.noTokens}</p>
        ) : (
          <ul className={rowListClass} aria-label={texts.tokensTitle}>
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                owner={ownerLabel(token.workspaceId)}
                afterRevoke={() => section.current}
              />
            ))}
          </ul>
        )}
        <CreateTokenDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
        {created && (
          <SecretDialog
            open
            onClose={() => setCreated(undefined)}
            title={texts.tokenSecretTitle}
            label={texts.tokenSecretLabel}
            secret={created.token}
            returnFocus={() => section.current?.querySelector<HTMLElement>('[data-return-focus="create"]')}
          />
        )}
      </Panel>
    </FocusSection>
  );
}

function TokenRow({
  token,
  owner,
  afterRevoke,
}: {
  token: ApiToken;
  owner: string | undefined;
  /** Where focus goes once the row, and its Revoke button, are gone. */
  afterRevoke: () => HTMLElement | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const revoked = useRef(false);
  const [revoke, { isLoading }] = useRevokeApiTokenMutation();
  // The moment the row was first drawn: an expiry passing while the page is open shows on the next visit.
  const [now] = useState(Date.now);
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;

  async function confirm() {
    try {
      const answer = await revoke(token.id).unwrap();
      revoked.current = true;
      setConfirming(false);
      toast.success(answer.msg || texts.revoked);
    } catch (error) {
      toast.error(errorMessage(error, texts.revokeFailed));
    }
  }

  return (
    <li data-testid="api-token" className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-semibold [overflow-wrap:anywhere] text-ink-950">
          {token.name}{' '}
          <code className="ml-1 font-mono text-xs font-normal text-stone-700">
            {texts.masked(token.prefix, token.lastFour)}
          </code>
        </p>
        {owner && (
          <p className="text-xs font-medium text-stone-700">
            {owner} · {texts.madeBy(token.createdBy.name)}
          </p>
        )}
        <ul className="flex flex-wrap gap-1.5" aria-label={texts.scopes}>
          {token.scopes.map((scope) => (
            <li key={scope} className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-800">
              {scope}
            </li>
          ))}
        </ul>
        <p className="text-xs text-stone-600">
          <span className="whitespace-nowrap">{texts.created(longDate(token.createdAt))}</span>
          {' · '}
          <span className={`whitespace-nowrap ${expired ? 'font-medium text-red-700' : ''}`}>
            {token.expiresAt === null
              ? texts.neverExpires
              : (expired ? texts.expired : texts.expires)(longDate(token.expiresAt))}
          </span>
        </p>
        <p className="text-xs text-stone-600" data-testid="token-last-used">
          {token.lastUsedAt ? texts.lastUsed(whenText(token.lastUsedAt), token.lastUsedFrom) : texts.neverUsed}
        </p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={texts.revokeFor(token.name)}
        onClick={() => setConfirming(true)}
      >
        {texts.revoke}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={texts.revokeTitle}
        body={texts.revokeBody(token.name)}
        action={texts.revoke}
        busyLabel={texts.revoking}
        busy={isLoading}
        onConfirm={() => void confirm()}
        returnFocus={() => (revoked.current ? afterRevoke() : null)}
      />
    </li>
  );
}
