import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

/** The checked-in OpenAPI document (written by `npm run openapi` from the gateway's routes). */
export const openApiDocumentPath = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url));
/** The types generated from it, checked in beside this file. */
export const generatedTypesPath = fileURLToPath(new URL('./openapi.ts', import.meta.url));

const header = [
  '/**',
  ' * Generated from docs/api/openapi.json by openapi-typescript: do not edit by hand.',
  ' * Regenerate with `npm run generate -w @bookwright/sdk` after `npm run openapi`;',
  ' * packages/sdk/src/generated/openapi-types.test.ts fails while this file and the document differ.',
  ' */',
  '',
].join('\n');

/**
 * The SDK's types as text, from the document's JSON: openapi-typescript, then the repository's Prettier
 * settings (so the checked-in file passes `prettier --check`). The script and the drift test both call this,
 * so they cannot disagree on options.
 */
export async function generateTypes(documentJson?: string): Promise<string> {
  const document = JSON.parse(documentJson ?? (await readFile(openApiDocumentPath, 'utf8'))) as Parameters<
    typeof openapiTS
  >[0];
  const ast = await openapiTS(document, { alphabetize: false, exportType: true });
  const settings = await resolveConfig(generatedTypesPath);
  return format(header + astToString(ast), { ...settings, parser: 'typescript' });
}
