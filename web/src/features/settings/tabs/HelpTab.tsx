import { buttonClass } from '../../../components/ui';
import { mailtoLink } from '../../../lib/mailto';
import { productName, supportEmail } from '../../../texts';
import { settingsTexts } from '../texts';
import { Panel } from './Panel';

const texts = settingsTexts.help;

export function HelpTab() {
  return (
    <div className="space-y-6">
      <Panel
        title={texts.supportTitle}
        description={texts.supportText}
        actions={
          <a
            className={buttonClass('secondary')}
            href={mailtoLink(supportEmail, `${productName}: ${texts.supportSubject}`)}
          >
            {supportEmail}
          </a>
        }
      />
      <Panel
        title={texts.featureTitle}
        description={texts.featureText}
        actions={
          <a
            className={buttonClass('secondary')}
            href={mailtoLink(supportEmail, `${productName}: ${texts.featureSubject}`)}
          >
            {texts.featureTitle}
          </a>
        }
      />
    </div>
  );
}
