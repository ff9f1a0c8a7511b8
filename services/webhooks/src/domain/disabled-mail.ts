import type { MailMessage } from '@bookwright/kit';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Told to an endpoint's owner when 3 days of failed deliveries disabled it. */
export function webhookDisabledMail(input: { to: string; url: string; settingsLink: string }): MailMessage {
  const text = [
    'Hi,',
    '',
    `Your webhook endpoint ${input.url} failed every delivery for 3 days, so it is disabled and receives no more events.`,
    'Fix the endpoint, then enable it again in Settings (its failed deliveries can be sent again from there):',
    '',
    input.settingsLink,
  ].join('\n');
  const html = `<p>Hi,</p>
<p>Your webhook endpoint ${escapeHtml(input.url)} failed every delivery for 3 days, so it is disabled and receives no more events.
Fix the endpoint, then enable it again in Settings (its failed deliveries can be sent again from there):</p>
<p><a href="${escapeHtml(input.settingsLink)}">Open Settings</a></p>`;
  return { to: input.to, subject: 'A webhook endpoint was disabled', text, html };
}
