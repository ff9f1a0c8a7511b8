import { apiFetch } from '../../api/apiFetch';

export interface SalesEnquiryForm {
  name: string;
  company: string;
  email: string;
  seats: string;
  message: string;
}

/**
 * POST /contact-sales. apiFetch rather than the API slice: the landing page opens this form too, and stays
 * free of the app's data layer (the store and RTK Query). Answers the server's message, or throws an Error carrying it.
 */
export async function sendSalesEnquiry(form: SalesEnquiryForm): Promise<string> {
  const response = await apiFetch('/contact-sales', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...form, seats: Number(form.seats) }),
  });
  const body = (await response.json().catch(() => ({}))) as { msg?: unknown };
  const msg = typeof body.msg === 'string' ? body.msg : undefined;
  if (!response.ok) throw new Error(msg ?? 'Your message could not be sent. Please try again.');
  return msg ?? "Thank you. We'll reply within 48 hours.";
}
