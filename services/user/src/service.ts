import { randomBytes } from 'node:crypto';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import {
  createMailer,
  defineService,
  on,
  OutboxRelay,
  type Subscription,
  serveHealth,
  pingDatabase,
} from '@bookwright/kit';
import { UserConfigSchema } from './config';
import { migrations } from './db/migrations';
import type { UserDatabase } from './db/schema';
import type { ApiTokenHandlerDeps, UserHandlerDeps } from './handlers/deps';
import { signUp } from './handlers/sign-up';
import { login } from './handlers/login';
import { getProfile } from './handlers/get-profile';
import { getPeople } from './handlers/get-people';
import { mailInvitation } from './handlers/mail-invitation';
import { mailBookGone } from './handlers/mail-book-gone';
import { mailComment } from './handlers/mail-comment';
import { updateMailSettings } from './handlers/update-mail-settings';
import { onBookDeleted } from './handlers/on-book-deleted';
import { logout } from './handlers/logout';
import { resolveSession } from './handlers/resolve-session';
import { changePassword } from './handlers/change-password';
import { updateAccount } from './handlers/update-account';
import { deleteAccount } from './handlers/delete-account';
import { onUserDeleted } from './handlers/on-user-deleted';
import { sendSalesEnquiry } from './handlers/send-sales-enquiry';
import { forgotPassword } from './handlers/forgot-password';
import { resetPassword } from './handlers/reset-password';
import { identitySignIn } from './handlers/sign-in-identity';
import { sessionsRepository } from './repositories/sessions.repository';
import { createToken } from './handlers/create-token';
import { listTokens } from './handlers/list-tokens';
import { revokeToken } from './handlers/revoke-token';
import { resolveToken } from './handlers/resolve-token';

const housekeepingIntervalMs = 60 * 60 * 1000;

/** Accounts: identity, password hashes, sessions, password resets and avatars. */
export const userService = defineService({
  name: 'user',
  configSchema: UserConfigSchema,
  async start({ config, logger, bus, blobs, openDatabase, now }) {
    const database = await openDatabase<UserDatabase>(migrations);
    const relay = new OutboxRelay({ db: database.db, bus, logger, events });
    relay.start();
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
    const deps: UserHandlerDeps = { db: database.db, relay, blobs, mailer, config, logger, now: () => new Date() };
    // Production requires the key (config.ts); a development or test run makes one for itself.
    const tokenDeps: ApiTokenHandlerDeps = {
      ...deps,
      // The test clock, when given, ages tokens only: sessions keep the real one (a trash test moves 30 days).
      ...(now ? { now } : {}),
      bus,
      apiTokenHashSecret: config.API_TOKEN_HASH_SECRET ?? randomBytes(32).toString('base64url'),
    };

    const subscriptions: Subscription[] = await Promise.all([
      serveHealth(bus, requests.user.health, () => pingDatabase(database.db)),
      bus.serve(requests.user.signUp, signUp(deps)),
      bus.serve(requests.user.login, login(deps)),
      bus.serve(requests.user.logout, logout(deps)),
      bus.serve(requests.user.resolveSession, resolveSession(deps)),
      bus.serve(requests.user.getProfile, getProfile(deps)),
      bus.serve(requests.user.people, getPeople(deps)),
      bus.serve(requests.user.mailInvitation, mailInvitation(deps)),
      bus.serve(requests.user.mailBookGone, mailBookGone(deps)),
      bus.serve(requests.user.mailComment, mailComment(deps)),
      bus.serve(requests.user.updateMailSettings, updateMailSettings(deps)),
      bus.serve(requests.user.changePassword, changePassword(deps)),
      bus.serve(requests.user.forgotPassword, forgotPassword(deps)),
      bus.serve(requests.user.sendSalesEnquiry, sendSalesEnquiry(deps)),
      bus.serve(requests.user.resetPassword, resetPassword(deps)),
      bus.serve(requests.user.identitySignIn, identitySignIn(deps)),
      bus.serve(requests.user.updateAccount, updateAccount(deps)),
      bus.serve(requests.user.deleteAccount, deleteAccount(deps)),
      bus.serve(requests.user.createToken, createToken(tokenDeps)),
      bus.serve(requests.user.listTokens, listTokens(tokenDeps)),
      bus.serve(requests.user.revokeToken, revokeToken(tokenDeps)),
      bus.serve(requests.user.resolveToken, resolveToken(tokenDeps)),
      bus.consume('user', [on(events.userDeleted, onUserDeleted(deps)), on(events.bookDeleted, onBookDeleted(deps))]),
    ]);

    const housekeeping = setInterval(() => {
      sessionsRepository
        .deleteStale(database.db, new Date())
        .then((deleted) => deleted > 0 && logger.info({ deleted }, 'stale sessions removed'))
        .catch((error: unknown) => logger.warn({ err: error }, 'session housekeeping failed'));
    }, housekeepingIntervalMs);
    housekeeping.unref();

    return {
      async ready() {
        await database.answers('users');
        return true;
      },
      async stop() {
        clearInterval(housekeeping);
        await Promise.all(subscriptions.map((s) => s.stop()));
        await relay.stop();
        await mailer.close();
        await database.close();
      },
    };
  },
});
