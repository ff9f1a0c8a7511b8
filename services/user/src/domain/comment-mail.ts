import { truncateText } from '@bookwright/contracts/text';
import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

/** How much of the quote and of the comment a mail shows: the rest is in the book. */
const quoteInMail = 200;
const bodyInMail = 1_000;

export interface CommentMailInput {
  to: string;
  firstName: string;
  reason: 'mention' | 'reply';
  authorName: string;
  title: string;
  quote: string;
  body: string;
  /** The book in the editor, at the thread, on the public address. */
  link: string;
}

/** A mail about a comment on a book: who wrote what about which passage, and the link to answer. */
export function commentMail(input: CommentMailInput): MailMessage {
  const what =
    input.reason === 'mention'
      ? `${input.authorName} mentioned you in a comment on “${input.title}”`
      : `${input.authorName} replied in a comment thread you wrote in on “${input.title}”`;
  const quote = truncateText(input.quote.replace(/\s+/gu, ' ').trim(), quoteInMail);
  const body = truncateText(input.body, bodyInMail);
  const footer =
    'You get at most one mail about the comments of a book every 10 minutes. To stop them, turn off “Mail me about comments” in Settings › Preferences.';
  const text = [
    `Hi ${input.firstName},`,
    '',
    `${what}:`,
    '',
    `On “${quote}”`,
    body,
    '',
    'Open the book to read the thread and answer:',
    input.link,
    '',
    footer,
  ].join('\n');
  const paragraphs = body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<p>Hi ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(what)}:</p>
<blockquote><p><em>On “${escapeHtml(quote)}”</em></p>
${paragraphs}</blockquote>
<p><a href="${escapeHtml(input.link)}">Open the book to read the thread and answer</a></p>
<p>${escapeHtml(footer)}</p>`;
  const subject =
    input.reason === 'mention'
      ? `${input.authorName} mentioned you on “${input.title}”`
      : `${input.authorName} replied on “${input.title}”`;
  return { to: input.to, subject, text, html };
}
