import { apiMessages } from '@bookwright/contracts/http';
import { describe, expect, it } from 'vitest';
import { mockFetch, resetAfterEach } from '../../test/utils';
import { sendSalesEnquiry, type SalesEnquiryForm } from './salesEnquiry';

resetAfterEach();

const form: SalesEnquiryForm = {
  name: 'Ada',
  company: 'Press',
  email: 'ada@example.com',
  seats: '12',
  message: 'We are ten editors.',
};

describe('the sales enquiry', () => {
  it('posts the form with the seats as a number and the CSRF token, and answers the server’s words', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = mockFetch({ 'POST /contact-sales': () => ({ status: 200, body: { msg: 'Thanks, Ada.' } }) });
    expect(await sendSalesEnquiry(form)).toBe('Thanks, Ada.');
    expect(calls[0]?.body).toEqual({ ...form, seats: 12 });
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc');
  });

  it('throws the server’s reason for a refusal, or a text of its own when there is none', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    mockFetch({ 'POST /contact-sales': () => ({ status: 400, body: { msg: 'Please enter a valid email' } }) });
    await expect(sendSalesEnquiry(form)).rejects.toThrow('Please enter a valid email');
    mockFetch({ 'POST /contact-sales': () => ({ status: 500 }) });
    await expect(sendSalesEnquiry(form)).rejects.toThrow('Your message could not be sent. Please try again.');
  });

  it('is sent again once with a fresh token when the gateway rotated it', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=rotated; path=/';
        return { status: 200 };
      },
      'POST /contact-sales': ({ headers }) =>
        headers.get('X-XSRF-TOKEN') === 'rotated'
          ? { status: 200, body: {} }
          : { status: 403, body: { msg: apiMessages.csrf } },
    });
    expect(await sendSalesEnquiry(form)).toBe("Thank you. We'll reply within 48 hours.");
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
