import { warmUpEmbeddedDatabase } from '@bookwright/kit/warm-up';

/** `npm start`: the whole product on one port with the embedded defaults. */
// The database thread starts first and gets ready while the rest of the server loads (both take about a
// second; on two cores they overlap), hence the imports below are dynamic.
const warmDatabase = warmUpEmbeddedDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const [{ ConfigError }, { startSystem }] = await Promise.all([import('@bookwright/kit'), import('./start-system')]);
let system: Awaited<ReturnType<typeof startSystem>>;
try {
  system = await startSystem();
} catch (error) {
  await warmDatabase.release();
  if (error instanceof ConfigError) {
    process.stderr.write(`Bookwright cannot start.\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
await warmDatabase.release();

let stopping = false;
const stop = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  process.stdout.write(`\n${signal} received: finishing in-flight work…\n`);
  system.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`error while stopping: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
