import { createLogger } from '@bookwright/kit';
import { runAdmin } from './admin';

/** `npm run admin -- set-plan <email> enterprise`: see scripts/admin/admin.ts and docs/runbooks. */
// Logs go to stderr (warnings only by default): stdout is the command's answer.
const logger = createLogger({ service: 'admin', level: process.env.LOG_LEVEL ?? 'warn', destination: process.stderr });
const result = await runAdmin(process.argv.slice(2), process.env, logger);
(result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
process.exitCode = result.exitCode;
