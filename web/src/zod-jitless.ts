/*
 * zod compiles fast object parsers with `new Function`, which the Content-Security-Policy (script-src
 * 'self') forbids. zod reads its settings from this global when it builds a schema, so this module is
 * main.tsx's first import: it runs before any schema exists, and without loading zod on pages that need none.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
