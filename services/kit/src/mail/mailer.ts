import { mkdir, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '../logger/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: SMTP in production, files in `DATA_DIR/outbox` when no SMTP server is configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from, logger: options.logger })
    : createOutboxMailer({ dir: join(options.dataDir, 'outbox'), from: options.from, logger: options.logger });
}

/** SMTP through nodemailer, which is loaded with the first mail: a process without SMTP_URL never loads it. */
export function createSmtpMailer(options: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  const openTransport = async () => (await import('nodemailer')).createTransport(options.smtpUrl);
  let transport: ReturnType<typeof openTransport> | undefined;
  return {
    async send(message) {
      const info = await (await (transport ??= openTransport())).sendMail({ from: options.from, ...message });
      options.logger.info({ mailTo: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      // Nothing to close when no mail was sent (or the transport could not be made).
      await transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

/**
 * Development mail: one JSON file per message (`*.json`; a mail being written has a hidden name), so a
 * developer (and the browser tests) can open the link a real user would receive. The subject is logged; the body stays in the file because it can hold
 * a live token.
 */
export function createOutboxMailer(options: { dir: string; from: string; logger: Logger }): Mailer {
  return {
    async send(message) {
      await mkdir(options.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      const file = join(options.dir, name);
      // Written under a hidden name and renamed into place (atomic on one file system), so whoever lists
      // the folder finds only whole mails: a reader of a half-written file saw broken JSON.
      const partial = join(options.dir, `.${name}.partial`);
      await writeFile(partial, JSON.stringify({ from: options.from, ...message }, null, 2), { mode: 0o600 });
      await rename(partial, file);
      options.logger.info(
        { mailTo: message.to, subject: message.subject, file },
        'mail written to the outbox (no SMTP_URL set)',
      );
    },
    async close() {},
  };
}
