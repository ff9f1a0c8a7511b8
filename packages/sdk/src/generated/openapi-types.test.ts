import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateTypes, generatedTypesPath, openApiDocumentPath } from './generate-types';

// The SDK is typed from the checked-in OpenAPI document only. When the document changes (`npm run openapi`)
// and the types were not generated again, this fails and says how to fix it.
describe('the SDK’s generated types', () => {
  it('are what openapi-typescript makes of docs/api/openapi.json today', async () => {
    const expected = await generateTypes();
    const checkedIn = await readFile(generatedTypesPath, 'utf8');
    expect(
      checkedIn === expected,
      'packages/sdk/src/generated/openapi.ts is stale: run `npm run generate -w @bookwright/sdk`',
    ).toBe(true);
  });

  it('change when the document changes (the comparison can fail)', async () => {
    const document = JSON.parse(await readFile(openApiDocumentPath, 'utf8')) as {
      paths: Record<string, unknown>;
    };
    document.paths['/api/v1/drift-probe'] = {
      get: { operationId: 'driftProbe', responses: { 200: { description: 'OK' } } },
    };
    const changed = await generateTypes(JSON.stringify(document));
    expect(changed).toContain("'/api/v1/drift-probe'");
    expect(changed).not.toBe(await readFile(generatedTypesPath, 'utf8'));
  });
});
