import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typeCheckStrictly } from '../../tests/support/compile-typescript';
import { asyncApiPath } from './generate-asyncapi';

// What an integrator subscribing to our events would run on docs/events/asyncapi.json: the AsyncAPI
// parser (which lints with Spectral's AsyncAPI rules) and Modelina, then their own code on the models.
describe('docs/events/asyncapi.json with the AsyncAPI tools', () => {
  it('parses with no errors or warnings, and Modelina names every model it makes', async () => {
    const { Parser } = await import('@asyncapi/parser');
    const { TypeScriptGenerator } = await import('@asyncapi/modelina');
    const { document, diagnostics } = await new Parser().parse(readFileSync(asyncApiPath, 'utf8'));
    // Severity 0 is an error and 1 a warning; 2 and 3 are hints (such as "a newer AsyncAPI exists").
    expect(diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code} ${d.path.join('.')}`)).toEqual([]);
    expect(document).toBeDefined();

    const models = await new TypeScriptGenerator({ modelType: 'interface' }).generate(document!);
    const names = models.map((model) => model.modelName);
    expect(names.filter((name) => /Anonymous/i.test(name))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['BookCreatedV1', 'BookCreatedV1Data', 'BookRevisionsListRequestV1']));

    typeCheckStrictly(
      {
        'models.ts': models.map((model) => `export ${model.result}`).join('\n\n'),
        'consumer.ts': `import type { BookCreatedV1 } from './models';
export function onBookCreated(message: BookCreatedV1): string {
  return \`\${message.data.bookId} by \${message.data.userId}\`;
}
`,
      },
      'consumer.ts',
    );
  }, 120_000);
});
