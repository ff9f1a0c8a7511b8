/**
 * Writes packages/sdk/src/generated/openapi.ts from docs/api/openapi.json.
 *
 *   npm run generate -w @bookwright/sdk
 */
import { writeFile } from 'node:fs/promises';
import { generateTypes, generatedTypesPath } from '../src/generated/generate-types';

await writeFile(generatedTypesPath, await generateTypes());
console.log(`wrote ${generatedTypesPath}`);
