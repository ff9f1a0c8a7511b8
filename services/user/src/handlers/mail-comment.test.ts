import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commentMailIntervalMs } from '@bookwright/contracts/http';
import type { MailMessage, Mailer } from '@bookwright/kit';
import { openUserHandlerWorld, type UserHandlerWorld } from '../testing/handler-world';
import type { UserHandlerDeps } from './deps';
import { mailComment } from './mail-comment';
import { updateMailSettings } from './update-mail-settings';
import { onBookDeleted } from './on-book-deleted';

/*
 * Comment mail (issue 44) on a real database with the handlers' clock in the test's hand: one mail per
 * person and book every 10 minutes, the Settings switch, and a mail that fails is tried again.
 */
let world: UserHandlerWorld;
let database: UserHandlerWorld['database'];
let deps: UserHandlerDeps;
let clock: Date;
let sent: MailMessage[];
let failFor: Set<string>;

const mailer = {
  send: async (mail: MailMessage) => {
    if (failFor.has(mail.to)) throw new Error('SMTP is away');
    sent.push(mail);
  },
  close: async () => undefined,
} as unknown as Mailer;

beforeEach(async () => {
  clock = new Date('2026-11-25T10:00:00.000Z');
  sent = [];
  failFor = new Set();
  world = await openUserHandlerWorld({
    mailer,
    now: () => clock,
    config: { PUBLIC_URL: 'https://bookwright.example/', SALES_EMAIL: 'sales@bookwright.example' },
  });
  ({ database, deps } = world);
  for (const [id, first] of [
    ['u-carl', 'Carl'],
    ['u-emma', 'Emma'],
  ] as const)
    await database.db
      .insertInto('users')
      .values({
        id,
        first_name: first,
        last_name: 'Reader',
        email: `${first.toLowerCase()}@example.com`,
        email_normalized: `${first.toLowerCase()}@example.com`,
        user_name: first.toLowerCase(),
        password_hash: null,
        avatar: null,
      })
      .execute();
});
afterEach(() => world.close());

const minutes = (n: number) => n * 60 * 1000;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

function mail(recipients: { userId: string; reason: 'mention' | 'reply' }[], bookId = 'book-1') {
  return mailComment(deps)({
    bookId,
    title: 'The Keeper of Letters',
    authorName: 'Ada Lovelace',
    body: 'What do you think, @Carl Reader?\n\nSecond paragraph <b>not bold</b>.',
    quote: 'The lamp burned low',
    path: `/app/edit/${bookId}?comment=c1`,
    recipients,
  });
}

describe('comment mail', () => {
  it('tells a person why, about what, and links to the thread', async () => {
    expect(await mail([{ userId: 'u-carl', reason: 'mention' }])).toEqual({ mailed: ['u-carl'] });
    const [message] = sent;
    expect(message).toMatchObject({
      to: 'carl@example.com',
      subject: 'Ada Lovelace mentioned you on “The Keeper of Letters”',
    });
    expect(message!.text).toContain('Hi Carl,');
    expect(message!.text).toContain('On “The lamp burned low”');
    expect(message!.text).toContain('https://bookwright.example/app/edit/book-1?comment=c1');
    expect(message!.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    await mail([{ userId: 'u-emma', reason: 'reply' }]);
    expect(sent[1]!.subject).toBe('Ada Lovelace replied on “The Keeper of Letters”');
  });

  it('mails one person about one book at most once every 10 minutes, by the clock it is given', async () => {
    expect((await mail([{ userId: 'u-carl', reason: 'mention' }])).mailed).toEqual(['u-carl']);
    advance(minutes(9));
    expect((await mail([{ userId: 'u-carl', reason: 'reply' }])).mailed).toEqual([]);
    // Another book, and another person, are counted apart.
    expect((await mail([{ userId: 'u-carl', reason: 'mention' }], 'book-2')).mailed).toEqual(['u-carl']);
    expect((await mail([{ userId: 'u-emma', reason: 'mention' }])).mailed).toEqual(['u-emma']);
    advance(minutes(1) - 1);
    expect((await mail([{ userId: 'u-carl', reason: 'mention' }])).mailed).toEqual([]);
    advance(1);
    expect(commentMailIntervalMs).toBe(minutes(10));
    expect((await mail([{ userId: 'u-carl', reason: 'mention' }])).mailed).toEqual(['u-carl']);
    expect(sent.map((m) => m.to)).toEqual([
      'carl@example.com',
      'carl@example.com',
      'emma@example.com',
      'carl@example.com',
    ]);
  });

  it('mails no one who turned "Mail me about comments" off, and again once it is on', async () => {
    const off = await updateMailSettings(deps)({ userId: 'u-carl', settings: { mailAboutComments: false } });
    expect(off.mailAboutComments).toBe(false);
    expect(
      (
        await mail([
          { userId: 'u-carl', reason: 'mention' },
          { userId: 'u-emma', reason: 'mention' },
        ])
      ).mailed,
    ).toEqual(['u-emma']);
    await updateMailSettings(deps)({ userId: 'u-carl', settings: { mailAboutComments: true } });
    // Turned off, Carl took no turn of the throttle: on again, he is mailed at once.
    expect((await mail([{ userId: 'u-carl', reason: 'mention' }])).mailed).toEqual(['u-carl']);
    expect((await mail([{ userId: 'u-nobody', reason: 'mention' }])).mailed).toEqual([]);
  });

  it('gives back the turn of a mail that failed, and fails so the event is delivered again', async () => {
    failFor.add('carl@example.com');
    await expect(
      mail([
        { userId: 'u-carl', reason: 'mention' },
        { userId: 'u-emma', reason: 'mention' },
      ]),
    ).rejects.toThrow('SMTP is away');
    expect(sent.map((m) => m.to)).toEqual(['emma@example.com']);
    failFor.clear();
    // The redelivery mails Carl, and Emma (already mailed) not twice.
    expect(
      (
        await mail([
          { userId: 'u-carl', reason: 'mention' },
          { userId: 'u-emma', reason: 'mention' },
        ])
      ).mailed,
    ).toEqual(['u-carl']);
  });

  it('mails once when two comments arrive at the same moment', async () => {
    const answers = await Promise.all([
      mail([{ userId: 'u-carl', reason: 'mention' }]),
      mail([{ userId: 'u-carl', reason: 'reply' }]),
    ]);
    expect(answers.flatMap((a) => a.mailed)).toEqual(['u-carl']);
  });

  it('forgets a book deleted for good', async () => {
    await mail([{ userId: 'u-carl', reason: 'mention' }]);
    await onBookDeleted(deps)({ bookId: 'book-1', userId: 'u-owner', deletedAt: clock.toISOString() });
    expect(await database.db.selectFrom('comment_mails').selectAll().execute()).toEqual([]);
  });
});
