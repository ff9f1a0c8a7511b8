import { useState } from 'react';
import { ErrorBox } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { useCurrentUserQuery } from '../../auth/authApi';
import { mailSettingsTexts as texts } from '../mailTexts';
import { useUpdateMailSettingsMutation } from '../settingsApi';
import { Panel } from './Panel';

/** The account's mail switches, saved on the server as they change (unlike the browser's preferences). */
export function MailSettings() {
  const { data: user } = useCurrentUserQuery();
  const [update] = useUpdateMailSettingsMutation();
  // What was chosen, shown at once while the server saves it; the saved account takes over after.
  const [chosen, setChosen] = useState<boolean>();
  const [error, setError] = useState<string>();
  if (!user) return null;

  async function change(mailAboutComments: boolean) {
    setChosen(mailAboutComments);
    setError(undefined);
    try {
      await update({ id: user!._id, mailAboutComments }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, texts.failed));
    } finally {
      setChosen(undefined);
    }
  }

  return (
    <Panel title={texts.heading} description={texts.note}>
      <div className="max-w-md space-y-4">
        <div className="flex items-start gap-3">
          <input
            id="mailAboutComments"
            name="mailAboutComments"
            type="checkbox"
            role="switch"
            checked={chosen ?? user.mailAboutComments}
            onChange={(event) => void change(event.target.checked)}
            aria-describedby="mailAboutComments-hint"
            className="mt-0.5 size-5 shrink-0 accent-ink-700"
          />
          <div>
            <label htmlFor="mailAboutComments" className="text-sm font-medium text-stone-800">
              {texts.comments}
            </label>
            <p id="mailAboutComments-hint" className="mt-0.5 text-sm text-stone-600">
              {texts.commentsHint}
            </p>
          </div>
        </div>
        {error && <ErrorBox>{error}</ErrorBox>}
      </div>
    </Panel>
  );
}
