import { randomUUID } from 'node:crypto';
import {
  accountTypes,
  AppError,
  SeatCountSchema,
  workspaceMessages,
  type AccountType,
} from '@bookwright/contracts/http';
import { normalizeEmail } from '@bookwright/contracts/text';
import { BaseConfigSchema, openServiceDatabase, type Logger } from '@bookwright/kit';
import { migrations as billingMigrations } from '../../services/billing/src/db/migrations';
import type { BillingDatabase } from '../../services/billing/src/db/schema';
import { setPlanByHand } from '../../services/billing/src/domain/set-plan-by-hand';
import { presentSummary } from '../../services/billing/src/repositories/accounts.repository';
import { migrations as bookMigrations } from '../../services/book/src/db/migrations';
import type { BookDatabase } from '../../services/book/src/db/schema';
import { setSeatLimit } from '../../services/book/src/workspaces/seat-limit';
import { migrations as userMigrations } from '../../services/user/src/db/migrations';
import type { UserDatabase } from '../../services/user/src/db/schema';
import { usersRepository } from '../../services/user/src/repositories/users.repository';
import { deadLetterUsage, runDeadLetters } from './dead-letters';
import type { AdminResult } from './result';

export const adminUsage = [
  'Usage: npm run admin -- <command>',
  '',
  'Commands:',
  `  set-plan <email> <${accountTypes.join('|')}>   put an account on a plan by hand (Enterprise contracts)`,
  "  set-seats <workspace id> <N>   set a team workspace's seat limit (local payment mode; never below its members)",
  ...deadLetterUsage,
  '',
  'Uses DATABASE_URL (and DATABASE_SCHEMA_PREFIX) when set, else the embedded database in DATA_DIR;',
  'stop the app first in embedded mode: only one process can open the embedded database.',
].join('\n');

export type { AdminResult } from './result';

/**
 * The operator's commands, run against the services' own tables (no bus, no running app needed). What
 * they change is announced through the services' outboxes, delivered when the services next run.
 */
export async function runAdmin(args: string[], env: NodeJS.ProcessEnv, logger: Logger): Promise<AdminResult> {
  const [command, ...rest] = args;
  if (command === 'set-seats') return setSeats(rest, env, logger);
  if (command === 'dlq') return runDeadLetters(rest, env, logger);
  if (command !== 'set-plan') return { exitCode: command ? 2 : 0, output: adminUsage };
  const [email, plan] = rest;
  if (!email || !plan || rest.length !== 2) return { exitCode: 2, output: adminUsage };
  if (!(accountTypes as readonly string[]).includes(plan))
    return { exitCode: 2, output: `Unknown plan "${plan}": choose one of ${accountTypes.join(', ')}` };
  const open = serviceDatabases(env, logger);
  const users = await open<UserDatabase>('user', userMigrations);
  let user: Awaited<ReturnType<typeof usersRepository.findByEmail>>;
  try {
    user = await usersRepository.findByEmail(users.db, normalizeEmail(email));
  } finally {
    await users.close();
  }
  if (!user) return { exitCode: 1, output: `No account with the email ${email.trim()}` };

  const billing = await open<BillingDatabase>('billing', billingMigrations);
  try {
    const updated = await setPlanByHand(billing.db, {
      userId: user.id,
      accountType: plan as AccountType,
      now: new Date(),
    });
    if (!updated) return { exitCode: 0, output: `${user.email} is already on the ${plan} plan` };
    const summary = presentSummary(updated);
    return {
      exitCode: 0,
      output: `${user.email} is now on the ${summary.accountType} plan (set by hand; nothing is charged)`,
    };
  } finally {
    await billing.close();
  }
}

/** Opens a service's own database the way the service does (its schema, its migrations). */
function serviceDatabases(env: NodeJS.ProcessEnv, logger: Logger) {
  const config = BaseConfigSchema.parse(env);
  const where = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  return <DB>(service: string, migrations: Parameters<typeof openServiceDatabase>[0]['migrations']) =>
    openServiceDatabase<DB>({
      service,
      schema: `${config.DATABASE_SCHEMA_PREFIX}${service}`,
      ...where,
      migrations,
      logger,
      poolSize: 1,
    });
}

/** `set-seats <workspace> <N>`: the limit through the book service's one setter (audited, never below members). */
async function setSeats(rest: string[], env: NodeJS.ProcessEnv, logger: Logger): Promise<AdminResult> {
  const [workspaceId, count] = rest;
  if (!workspaceId || !count || rest.length !== 2) return { exitCode: 2, output: adminUsage };
  const seats = SeatCountSchema.safeParse(Number(count));
  if (!seats.success) return { exitCode: 2, output: workspaceMessages.seats };
  const books = await serviceDatabases(env, logger)<BookDatabase>('book', bookMigrations);
  try {
    const workspace = await setSeatLimit(
      books.db,
      { workspaceId, seats: seats.data, setBy: 'operator' },
      { newId: randomUUID, now: new Date() },
    );
    return { exitCode: 0, output: `${workspace.name} has ${workspace.seat_limit} seats now` };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, output: error.message };
    throw error;
  } finally {
    await books.close();
  }
}
