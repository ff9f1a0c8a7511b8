import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, salesEnquiryAnswer, type PlanSwitchPreview } from '@bookwright/contracts/bus';
import { type User } from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/** Issue 20 over HTTP with the local provider: SDI code, switch preview, contact sales, the admin command. */
describe('paying as a business, over HTTP', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  async function signedUp(): Promise<{ client: HttpClient; email: string }> {
    const client = system.client();
    const account = newAccount();
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    return { client, email: account.email };
  }

  it('mails an Enterprise enquiry to sales through the mail outbox and promises an answer in 48 hours', async () => {
    const visitor = system.client();
    const bad = await visitor.post<{ msg: string }>('/api/v1/contact-sales', {
      name: 'Ada',
      company: '',
      email: 'ada@example.com',
      seats: 0,
      message: 'Hi',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/company|seat/i);

    const sent = await visitor.post<{ msg: string }>('/api/v1/contact-sales', {
      name: 'Ada Lovelace',
      company: 'Analytical Press <Ltd>',
      email: 'ada@example.com',
      seats: 25,
      message: 'We would like Bookwright for our editors.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ msg: salesEnquiryAnswer });
    expect(salesEnquiryAnswer).toContain("We'll reply within 48 hours");
    const mail = await system.lastMailTo('sales@bookwright.app');
    expect(mail.subject).toBe('Enterprise enquiry: Analytical Press <Ltd> (25 seats)');
    expect(mail.text).toContain('Email: ada@example.com');
    expect(mail.text).toContain('We would like Bookwright for our editors.');
    expect(mail.html).toContain('Analytical Press &lt;Ltd&gt;');
  });

  it('stores a valid SDI code, refuses a malformed one with 400, and clears it', async () => {
    const { client } = await signedUp();
    const bad = await client.patch<{ msg: string }>('/api/v1/payment/billing-details', { sdi: 'AB-12' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The SDI code has 7 letters or digits (6 for a public administration)');
    const set = await client.patch<User>('/api/v1/payment/billing-details', { sdi: 'x1y2z3w' });
    expect(set.status).toBe(200);
    expect(set.body.sdi).toBe('X1Y2Z3W');
    expect((await client.get<User>('/api/v1/user/current-user')).body.sdi).toBe('X1Y2Z3W');
    // A public administration's office code has six.
    expect((await client.patch<User>('/api/v1/payment/billing-details', { sdi: 'UFABCD' })).body.sdi).toBe('UFABCD');
    expect((await client.patch<User>('/api/v1/payment/billing-details', { sdi: '' })).body.sdi).toBeNull();
  });

  it('previews a plan switch before it happens, and only for a plan in force', async () => {
    const { client } = await signedUp();
    const none = await client.post<{ msg: string }>('/api/v1/payment/preview', { accountType: 'professional' });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ msg: billingMessages.noPlanToSwitch });
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const preview = await client.post<{ data: PlanSwitchPreview }>('/api/v1/payment/preview', {
      accountType: 'professional',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      from: 'starter',
      to: 'professional',
      proratedAmount: 0,
      newMonthlyAmount: 70,
      booksLeftAfter: null,
    });
    expect((await client.get<User>('/api/v1/user/current-user')).body.accountType).toBe('starter');
    expect((await client.post('/api/v1/payment/preview', { accountType: 'enterprise' })).status).toBe(400);
  });

  it('lets an operator put an account on Enterprise with `npm run admin -- set-plan`', async () => {
    const { client, email } = await signedUp();
    const env = {
      DATA_DIR: system.dataDir,
      DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
    const logger = silentLogger();
    expect(await runAdmin([], env, logger)).toMatchObject({ exitCode: 0, output: expect.stringContaining('set-plan') });
    expect(await runAdmin(['set-plan', email, 'platinum'], env, logger)).toMatchObject({ exitCode: 2 });
    expect(await runAdmin(['set-plan', 'nobody@example.com', 'enterprise'], env, logger)).toEqual({
      exitCode: 1,
      output: 'No account with the email nobody@example.com',
    });

    const done = await runAdmin(['set-plan', ` ${email.toUpperCase()} `, 'enterprise'], env, logger);
    expect(done).toEqual({
      exitCode: 0,
      output: `${email} is now on the enterprise plan (set by hand; nothing is charged)`,
    });
    await expect
      .poll(async () => (await client.get<User>('/api/v1/user/current-user')).body, { timeout: 10_000 })
      .toMatchObject({
        accountType: 'enterprise',
        subscriptionStatus: 'active',
        booksLeftThisMonth: null,
        nextBillingDate: null,
      });
    expect((await runAdmin(['set-plan', email, 'enterprise'], env, logger)).output).toBe(
      `${email} is already on the enterprise plan`,
    );
  });
});
