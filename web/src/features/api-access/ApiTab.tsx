import { Link } from 'react-router';
import { errorScreens, type User } from '@bookwright/contracts/http';
import { buttonClass } from '../../components/ui';
import { plansPath } from '../billing/planAccess';
import { Panel } from '../settings/tabs/Panel';
import { apiAccessTexts as texts } from './texts';
import { TokensPanel } from './tokens/TokensPanel';
import { WebhooksPanel } from './webhooks/WebhooksPanel';

/**
 * Settings › API (issue 45): API tokens and webhooks. Making either needs Enterprise; on another plan the
 * tab says so with the server's own 402 text and links to the plans, and still lists what the account has
 * (a lapsed plan's tokens and endpoints keep their history and may be revoked or deleted).
 */
export function ApiTab({ user }: { user: User }) {
  const enterprise = user.accountType === 'enterprise';
  return (
    <div className="space-y-6">
      {!enterprise && (
        <Panel title={texts.planTitle} description={errorScreens[402].description}>
          <p className="text-sm text-stone-700">{texts.planBody}</p>
          <Link to={plansPath} className={buttonClass('primary', 'mt-4')}>
            {texts.seePlans}
          </Link>
        </Panel>
      )}
      <TokensPanel canCreate={enterprise} />
      <WebhooksPanel canCreate={enterprise} />
    </div>
  );
}
