import type { SalesEnquiry } from '@bookwright/contracts/bus';
import type { MailMessage } from '@bookwright/kit';
import { escapeHtml } from './mail-html';

/** The Enterprise enquiry as the sales team reads it; replying answers the enquirer (Reply-To in the text). */
export function salesEnquiryMail(to: string, enquiry: SalesEnquiry): MailMessage {
  const fields: [string, string][] = [
    ['Name', enquiry.name],
    ['Company', enquiry.company],
    ['Email', enquiry.email],
    ['Seats', String(enquiry.seats)],
  ];
  const text = [
    'A new Enterprise enquiry from the Contact sales form:',
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    enquiry.message,
    '',
    'Promised answer: within 48 hours.',
  ].join('\n');
  const html = `<p>A new Enterprise enquiry from the Contact sales form:</p>
<dl>${fields.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>
<p>Promised answer: within 48 hours.</p>`;
  // The subject is one line whatever the company name holds.
  const company = enquiry.company.replace(/[\r\n]+/g, ' ');
  return { to, subject: `Enterprise enquiry: ${company} (${enquiry.seats} seats)`, text, html };
}
