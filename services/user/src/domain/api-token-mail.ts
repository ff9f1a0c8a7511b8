import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

/** Told to a token's owner when one is made, so a token they did not make does not go unnoticed. */
export function apiTokenCreatedMail(input: {
  to: string;
  tokenName: string;
  scopes: string[];
  lastFour: string;
  settingsLink: string;
}): MailMessage {
  const scopes = input.scopes.join(', ');
  const text = [
    'Hi,',
    '',
    `A new API token “${input.tokenName}” (ending in ${input.lastFour}, scopes: ${scopes}) was created for your Bookwright account.`,
    "If this wasn't you, revoke it in Settings and change your password:",
    '',
    input.settingsLink,
  ].join('\n');
  const html = `<p>Hi,</p>
<p>A new API token “${escapeHtml(input.tokenName)}” (ending in ${escapeHtml(input.lastFour)}, scopes: ${escapeHtml(scopes)}) was created for your Bookwright account.
If this wasn't you, revoke it in Settings and change your password:</p>
<p><a href="${escapeHtml(input.settingsLink)}">Open Settings</a></p>`;
  return { to: input.to, subject: `A new API token “${input.tokenName}” was created`, text, html };
}
