import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openApiPath, servedOpenApiOf, withBareGateway } from '../../scripts/generate-openapi';
import { renderReferencePage, schemaName, type OpenApiDocument } from './reference-page';

// GET /api/docs (issue 45): the reference page of every operation, from the gateway's document (the checked-in
// one), self-contained: nothing loaded from elsewhere.
describe('the API reference page', () => {
  it('is served at /api/docs as HTML with every operation of the checked-in document, grouped by tag', async () => {
    const checkedIn = JSON.parse(await readFile(openApiPath, 'utf8')) as OpenApiDocument;
    const { response, served } = await withBareGateway(async (app) => ({
      response: await app.inject({ method: 'GET', url: '/api/docs' }),
      served: await servedOpenApiOf(app),
    }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const html = response.body;
    const operations = Object.values(checkedIn.paths ?? {}).flatMap((item) => Object.values(item));
    for (const operation of operations) expect(html).toContain(`id="${operation.operationId}"`);
    for (const tag of checkedIn.tags ?? []) expect(html).toContain(`<h2 id="tag-${tag.name}">`);
    expect(html).toContain('API token with <code>books:read</code>');
    // Nothing from another host: no script at all, no remote stylesheet, image or font.
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html).not.toMatch(/href="https?:/);
    // The page is not an operation of the API itself.
    expect(JSON.stringify((served as OpenApiDocument).paths)).not.toContain('/api/docs"');
  });

  it('escapes what the document says, and names schemas shortly', () => {
    const html = renderReferencePage(
      {
        info: { title: 'T <b>', version: '1' },
        paths: {
          '/x': { get: { operationId: 'x', summary: '<img src=x onerror=alert(1)>', tags: ['a'], responses: {} } },
        },
      },
      { jsonUrl: '/doc.json' },
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('T &lt;b&gt;');
    expect(schemaName({ $ref: '#/components/schemas/Book' })).toBe('Book');
    expect(schemaName({ type: 'array', items: { $ref: '#/components/schemas/BookSummary' } })).toBe('BookSummary[]');
    expect(schemaName({ type: 'string', format: 'binary' })).toBe('file');
    expect(schemaName({ type: 'object', properties: { a: {}, b: {} }, required: ['a'] })).toBe('object {a, b?}');
  });
});
