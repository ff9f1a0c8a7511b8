import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

/** The mail of an invitation to a book or a team workspace: who invites, to what, as what, and the link. */
export function invitationMail(input: {
  to: string;
  inviterName: string;
  title: string;
  roleLabel: string;
  kind?: 'book' | 'workspace';
  link: string;
}): MailMessage {
  const role = input.roleLabel.toLowerCase();
  const what = input.kind === 'workspace' ? 'the team workspace' : 'the book';
  const text = [
    'Hi,',
    '',
    `${input.inviterName} invited you to ${what} “${input.title}” on Bookwright, as a ${role}.`,
    'Open this link within 7 days to join it (you can create an account with this email address on the way):',
    '',
    input.link,
    '',
    "If you weren't expecting this, you can ignore this mail.",
  ].join('\n');
  const html = `<p>Hi,</p>
<p>${escapeHtml(input.inviterName)} invited you to ${what} “${escapeHtml(input.title)}” on Bookwright, as a ${escapeHtml(role)}.
Open this link within 7 days to join it (you can create an account with this email address on the way):</p>
<p><a href="${escapeHtml(input.link)}">Open the invitation</a></p>
<p>If you weren't expecting this, you can ignore this mail.</p>`;
  return { to: input.to, subject: `${input.inviterName} invited you to “${input.title}”`, text, html };
}
