import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { passwordResetMessages } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

// The SMTP path of the mail port, end to end: the user service sends the reset link through nodemailer
// to a real SMTP server running in this process.
describe('password reset mail over SMTP', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let system: TestSystem;
  reportSystemFailures(() => system);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    system = await startTestSystem({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Bookwright <no-reply@bookwright.test>',
      PUBLIC_URL: 'https://books.example.com',
    });
  });

  afterAll(async () => {
    await system?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('delivers a single-use reset link that works', async () => {
    const account = newAccount();
    await system.client().post('/api/v1/auth/sign-up', account);
    const answer = await system.client().post('/api/v1/user/forgot-password', { email: account.email });
    expect(answer.body.msg).toBe(passwordResetMessages.linkSent);

    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to.includes(account.email)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const mail = received.find((m) => m.to.includes(account.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@bookwright.test');
    expect(mail!.raw).toMatch(/Subject: Reset your Bookwright password/);
    // Quoted-printable may fold long lines: undo soft breaks before reading the link.
    const body = mail!.raw.replace(/=\r?\n/g, '');
    const token = /https:\/\/books\.example\.com\/reset-password\/([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();

    const reset = await system
      .client()
      .post('/api/v1/user/reset-password', { token, newPassword: 'mailed-link-phrase-9' });
    expect(reset.status).toBe(200);
    const login = await system
      .client()
      .post('/api/v1/auth/login', { email: account.email, password: 'mailed-link-phrase-9' });
    expect(login.status).toBe(200);
    expect(system.logs.some((line) => line.msg === 'mail sent')).toBe(true);
    expect(system.logs.some((line) => String(line.msg).startsWith('mail written to the outbox'))).toBe(false);
  });
});
