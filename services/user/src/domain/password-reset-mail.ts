import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

export function passwordResetMail(input: { to: string; firstName: string; link: string }): MailMessage {
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Bookwright account.',
    'Open this link within one hour to choose a new password:',
    '',
    input.link,
    '',
    "If you didn't ask for this, you can ignore this mail: your password stays the same.",
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your Bookwright account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(input.link)}">Reset my password</a></p>
<p>If you didn't ask for this, you can ignore this mail: your password stays the same.</p>`;
  return { to: input.to, subject: 'Reset your Bookwright password', text, html };
}
