#!/usr/bin/env node
// The CLI is TypeScript like the rest of the repository: tsx runs it without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
