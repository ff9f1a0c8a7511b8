import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from './signing';

/** Verified by the Standard Webhooks library itself, as a receiver would. */
describe('webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'book.ready',
    createdAt: '2026-11-29T05:00:00.000Z',
    data: { bookId: 'b1' },
  });
  const id = 'msg_1';

  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('verifies with the standardwebhooks package', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], id, Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for a tampered body, an old timestamp, or another secret', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body.replace('b1', 'b2'), signedHeaders([secret], id, now, body))).toThrow();
    expect(() => receiver.verify(body, signedHeaders([secret], id, now - 10 * 60, body))).toThrow(/timestamp/i);
    expect(() => receiver.verify(body, signedHeaders([newWebhookSecret()], id, now, body))).toThrow();
    const headers = signedHeaders([secret], id, now, body);
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
  });

  it('signs with the new and the previous secret after a rotation: a receiver with either verifies', () => {
    const [fresh, old] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([fresh, old], id, Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
