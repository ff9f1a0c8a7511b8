import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@bookwright/contracts/http';
import { requests, salesEnquiryAnswer } from '@bookwright/contracts/bus';
import {
  gatewayOnBus,
  serveTestSession,
  signedInHeaders,
  testXsrf,
  type GatewayOnBus,
} from '../testing/gateway-on-bus';
import { bodyLimitOf, bodyLimits } from './body-limits';

/*
 * Every route's body limit, by one rule (body-limits.ts). The list below is the whole API: a new route
 * fails here until it is added with the limit it was meant to have, so none gets 12 MB by accident.
 */

const xsrf = testXsrf;
const signedIn = signedInHeaders;
const enquiry = { name: 'Ada', company: 'Analytical', email: 'ada@example.com', seats: 12, message: 'Hello' };

let gateway: GatewayOnBus;
const webhookPayloads: string[] = [];
beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      serveTestSession(bus),
      bus.serve(requests.user.sendSalesEnquiry, async () => ({ msg: salesEnquiryAnswer })),
      bus.serve(requests.user.logout, async () => ({})),
      bus.serve(requests.billing.handleWebhook, async ({ payload }) => {
        webhookPayloads.push(payload);
        return { received: true as const, duplicate: false };
      }),
    ],
  });
  await gateway.app.ready();
});
afterAll(async () => {
  await gateway?.close();
});

describe('each route reads the body of what it takes', () => {
  it('lists every route that may take a body with its limit; GET and HEAD read none', () => {
    const listed = Object.fromEntries(
      [...gateway.app.bodyLimits].filter(([route]) => !/^(GET|HEAD) /.test(route)).map(([route, l]) => [route, l.name]),
    );
    expect(listed).toEqual({
      'POST /api/v1/auth/sign-up': 'form',
      'POST /api/v1/auth/login': 'form',
      'POST /api/v1/auth/logout': 'none',
      'PATCH /api/v1/user/password': 'form',
      'POST /api/v1/user/forgot-password': 'form',
      'POST /api/v1/user/reset-password': 'form',
      'PATCH /api/v1/book/:bookId': 'structure',
      'PATCH /api/v1/book/content/:bookId': 'manuscript',
      'PATCH /api/v1/book/metadata/:bookId': 'text',
      'POST /api/v1/book/:bookId/retry': 'none',
      'DELETE /api/v1/book/:bookId': 'none',
      'POST /api/v1/book/:bookId/restore': 'none',
      'DELETE /api/v1/book/:bookId/permanent': 'none',
      'POST /api/v1/book/:bookId/members': 'form',
      'PATCH /api/v1/book/:bookId/members/:memberId': 'form',
      'DELETE /api/v1/book/:bookId/members/:memberId': 'none',
      'DELETE /api/v1/book/:bookId/invitations/:invitationId': 'none',
      'POST /api/v1/book/:bookId/invitations/:invitationId/link': 'none',
      'POST /api/v1/invitations/:token/accept': 'none',
      'POST /api/v1/book/:bookId/collab-token': 'none',
      'POST /api/v1/book/:bookId/images': 'upload',
      'POST /api/v1/workspaces': 'form',
      'POST /api/v1/workspaces/:workspaceId/members': 'form',
      'PATCH /api/v1/workspaces/:workspaceId/members/:memberId': 'form',
      'DELETE /api/v1/workspaces/:workspaceId/members/:memberId': 'none',
      'DELETE /api/v1/workspaces/:workspaceId/invitations/:invitationId': 'none',
      'POST /api/v1/workspaces/:workspaceId/invitations/:invitationId/link': 'none',
      'PUT /api/v1/workspaces/:workspaceId/seats': 'form',
      'POST /api/v1/book/:bookId/move': 'form',
      'POST /api/v1/tokens': 'form',
      'DELETE /api/v1/tokens/:id': 'none',
      'POST /api/v1/webhooks': 'form',
      'PATCH /api/v1/webhooks/:id': 'form',
      'DELETE /api/v1/webhooks/:id': 'none',
      'POST /api/v1/webhooks/:id/rotate-secret': 'none',
      'POST /api/v1/webhooks/:id/test': 'none',
      'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': 'none',
      'POST /api/v1/book/:bookId/comments': 'text',
      'POST /api/v1/book/:bookId/comments/:commentId/replies': 'text',
      'PATCH /api/v1/book/:bookId/comments/:commentId': 'text',
      'DELETE /api/v1/book/:bookId/comments/:commentId': 'none',
      'POST /api/v1/agent/plan': 'form',
      'PATCH /api/v1/agent/write/:bookId': 'none',
      'POST /api/v1/contact-sales': 'form',
      'POST /api/v1/payment/webhook': 'webhook',
      'POST /api/v1/payment': 'form',
      'POST /api/v1/payment/preview': 'form',
      'PATCH /api/v1/payment/billing-details': 'form',
      'POST /api/v1/payment/update': 'none',
      'POST /api/v1/payment/cancel': 'none',
      'POST /api/v1/payment/keep-plan': 'none',
      'POST /api/v1/book/:bookId/validate-export': 'form',
      'POST /api/v1/book/export/:bookId': 'form',
      'PATCH /api/v1/user/:id': 'upload',
      'PATCH /api/v1/user/:id/mail-settings': 'form',
      'DELETE /api/v1/user/:id': 'form',
      'POST /api/v1/book/upload-cover/:bookId': 'upload',
      'POST /api/v1/book/cover/:bookId': 'form',
      'POST /api/v1/book/import': 'upload',
      'POST /api/v1/book/:bookId/import': 'upload',
      'POST /api/v1/book/:bookId/revisions': 'manuscript',
      'POST /api/v1/book/:bookId/revisions/:revisionId/restore': 'none',
      'POST /api/v1/book/:bookId/metadata/suggest': 'none',
      'POST /api/v1/book/:bookId/translation-title': 'form',
      'POST /api/v1/book/:bookId/translate': 'form',
      'POST /api/v1/book/:bookId/rewrite': 'text',
    });
    const reading = [...gateway.app.bodyLimits].filter(([route, l]) => /^(GET|HEAD) /.test(route) && l.name !== 'none');
    expect(reading).toEqual([]);
    // The bytes behind the names: a form's is the configured one (BODY_LIMIT_BYTES), 32 KB by default.
    const bytes = new Set([...gateway.app.bodyLimits.values()].map((l) => `${l.name} ${l.bytes}`));
    expect([...bytes].sort()).toEqual(
      [
        `form ${bodyLimits.form}`,
        `manuscript ${bodyLimits.manuscript}`,
        `none ${bodyLimits.none}`,
        `structure ${bodyLimits.structure}`,
        `text ${bodyLimits.text}`,
        // A multipart route's Fastify limit holds only the bodies it refuses; its layer bounds the form.
        `upload ${bodyLimits.form}`,
        `webhook ${bodyLimits.webhook}`,
      ].sort(),
    );
  });

  it('refuses a limit that is none of the named kinds, so each stays justified in one place', () => {
    expect(() => bodyLimitOf({ bodyLimit: 12 * 1024 * 1024 }, bodyLimits.form)).toThrow(/none of bodyLimits/);
    expect(bodyLimitOf({ schema: { consumes: ['multipart/form-data'] } }, 4096)).toEqual({
      name: 'upload',
      bytes: 4096,
    });
  });

  it('answers 413 {msg} for a body on a route that takes none, from its length or as it arrives', async () => {
    const declared = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(2_000) }),
    });
    expect({ status: declared.statusCode, body: declared.json() }).toEqual({
      status: 413,
      body: { msg: apiMessages.payloadTooLarge },
    });
    // Without a Content-Length the body is counted as it comes and cut off at the limit.
    const streamed = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/book/b1/retry',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: Readable.from(
        (function* () {
          yield '{"keys":{';
          for (let i = 0; i < 20_000; i += 1) yield `"k${i}":${i},`;
          yield '"end":0}}';
        })(),
      ),
    });
    expect({ status: streamed.statusCode, body: streamed.json() }).toEqual({
      status: 413,
      body: { msg: apiMessages.payloadTooLarge },
    });
    // An empty JSON object, as some clients send with any POST, is still read.
    const empty = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBeLessThan(300);
  });

  it('answers 413 for a 1 MB form, and takes the same form at its size', async () => {
    const huge = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/contact-sales',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: JSON.stringify({ ...enquiry, message: 'x'.repeat(1024 * 1024) }),
    });
    expect({ status: huge.statusCode, body: huge.json() }).toEqual({
      status: 413,
      body: { msg: apiMessages.payloadTooLarge },
    });
    // The longest message the form takes (5,000 characters), each of three bytes in UTF-8.
    const longest = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/contact-sales',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: JSON.stringify({ ...enquiry, message: '文'.repeat(5_000) }),
    });
    expect({ status: longest.statusCode, body: longest.json() }).toEqual({
      status: 200,
      body: { msg: salesEnquiryAnswer },
    });
  });

  it('lets the payment webhook read a signed event larger than a form, as the text it was sent', async () => {
    const payload = JSON.stringify({ type: 'invoice.paid', data: { lines: 'x'.repeat(200_000) } });
    const event = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=signed' },
      payload,
    });
    expect({ status: event.statusCode, body: event.json() }).toEqual({ status: 200, body: { received: true } });
    expect(webhookPayloads).toEqual([payload]);
  });
});
