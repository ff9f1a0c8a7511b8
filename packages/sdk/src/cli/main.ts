import { run } from './program';

// The `bookwright` command (bin/bookwright.mjs loads this through tsx).
process.exitCode = await run(process.argv.slice(2));
