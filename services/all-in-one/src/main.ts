import { ConfigError } from '@bookwright/kit';
import { startSystem } from './start-system';

/** `npm start`: the whole product on one port with the embedded defaults. */
let system: Awaited<ReturnType<typeof startSystem>>;
try {
  system = await startSystem();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Bookwright cannot start.\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

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
