import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

/** To someone a book was shared with: it was deleted with its owner's account. */
export function bookGoneMail(input: { to: string; firstName: string; title: string }): MailMessage {
  const text = [
    `Hi ${input.firstName},`,
    '',
    `The book “${input.title}”, which was shared with you on Bookwright, is no longer available: its owner deleted their account, and the book with it.`,
    '',
    'Your own books and your account are not affected.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(input.firstName)},</p>
<p>The book “${escapeHtml(input.title)}”, which was shared with you on Bookwright, is no longer available: its owner deleted their account, and the book with it.</p>
<p>Your own books and your account are not affected.</p>`;
  return { to: input.to, subject: `“${input.title}” is no longer shared with you`, text, html };
}
