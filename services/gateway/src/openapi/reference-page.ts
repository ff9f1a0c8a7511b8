/**
 * The API reference as one self-contained HTML page (GET /api/docs): every operation of the OpenAPI
 * document grouped by tag, with its method, path, summary, parameters, the schemas it takes and answers, and
 * who may call it (session, or a token's scope). No script, no font or stylesheet from elsewhere: it is
 * read where no network reaches, and the gateway's CSP allows nothing else. Light and dark by the reader's
 * `prefers-color-scheme`.
 */

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  description?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

interface MediaContent {
  [mediaType: string]: { schema?: SchemaObject };
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaContent };
  responses?: Record<string, { description?: string; content?: MediaContent }>;
  security?: Record<string, string[]>[];
}

interface SecurityScheme {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

/** Inline `code` spans of the document's descriptions, the only Markdown they use; the rest is escaped. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A short name for a schema: its component name, `Name[]`, `a | b`, `file`, or `object {a, b, …}`. */
export function schemaName(schema: SchemaObject | undefined): string {
  if (!schema) return '—';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? schema.$ref;
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return [...new Set(union.map(schemaName))].join(' | ');
  if (schema.allOf) return schema.allOf.map(schemaName).join(' & ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${schemaName(schema.items)}[]`;
  if (type === 'string' && schema.format === 'binary') return 'file';
  if (schema.properties) {
    const names = Object.keys(schema.properties);
    const shown = names.slice(0, 8).map((name) => (schema.required?.includes(name) ? name : `${name}?`));
    return `object {${shown.join(', ')}${names.length > shown.length ? ', …' : ''}}`;
  }
  return type ?? 'any';
}

/** Who may call it: each alternative of the operation's security, in words. */
function securityOf(operation: Operation, schemes: Record<string, SecurityScheme>): string {
  const alternatives = operation.security ?? [];
  if (alternatives.length === 0) return '<span class="auth public">Public</span>';
  const words = alternatives
    .map((alternative) => {
      const names = Object.keys(alternative);
      if (names.length === 0) return 'no sign-in';
      return names
        .map((name) => {
          const scopes = alternative[name] ?? [];
          if (schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer')
            return scopes.length
              ? `API token with ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}`
              : 'API token';
          if (name === 'sessionCookie') return 'session cookie';
          if (name === 'xsrfHeader') return 'X-XSRF-TOKEN header';
          return escapeHtml(name);
        })
        .join(' + ');
    })
    .filter((text) => text !== 'X-XSRF-TOKEN header' || alternatives.length === 1);
  const tokenAllowed = alternatives.some((alternative) =>
    Object.keys(alternative).some((name) => schemes[name]?.type === 'http'),
  );
  const sessionOnly = !tokenAllowed && alternatives.some((alternative) => 'sessionCookie' in alternative);
  return `${words.map((text) => `<span class="auth">${text}</span>`).join(' <span class="or">or</span> ')}${
    sessionOnly ? ' <span class="note">(not with an API token)</span>' : ''
  }`;
}

function contentRows(content: MediaContent | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<code>${escapeHtml(schemaName(media.schema))}</code> <span class="media">${escapeHtml(type)}</span>`,
    )
    .join('<br>');
}

function parametersTable(parameters: Parameter[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td><code>${escapeHtml(schemaName(p.schema))}</code></td><td>${prose(p.description)}</td></tr>`,
    )
    .join('');
  return `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function responsesTable(responses: Operation['responses']): string {
  const rows = Object.entries(responses ?? {})
    .map(
      ([status, response]) =>
        `<tr><td><span class="status s${escapeHtml(status[0] ?? '')}">${escapeHtml(status)}</span></td><td>${prose(response.description)}</td><td>${contentRows(response.content)}</td></tr>`,
    )
    .join('');
  return `<table><caption>Responses</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function anchorOf(method: string, path: string, operation: Operation): string {
  return operation.operationId ?? `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
}

function operationHtml(method: string, path: string, operation: Operation, schemes: Record<string, SecurityScheme>) {
  const id = escapeHtml(anchorOf(method, path, operation));
  const body = operation.requestBody
    ? `<p><strong>Request body</strong>${operation.requestBody.required ? '' : ' (optional)'}: ${contentRows(operation.requestBody.content)}</p>`
    : '';
  return `<article class="op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${prose(operation.summary)}</p>` : ''}
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
<p class="who"><strong>Who:</strong> ${securityOf(operation, schemes)}</p>
${parametersTable(operation.parameters ?? [])}
${body}
${responsesTable(operation.responses)}
</article>`;
}

const styles = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#4d5562;--line:#d5dae1;--card:#f6f8fa;--code:#eef1f4;--link:#0a58ca;
--get:#0b6b3a;--post:#0a4fa8;--patch:#7a4b00;--put:#6b2fa6;--delete:#a4161a}
@media (prefers-color-scheme:dark){:root{--bg:#0f1318;--fg:#e6e9ed;--muted:#a9b2bd;--line:#2d3540;--card:#161b22;--code:#1f2630;--link:#8ab4ff;
--get:#5fd28f;--post:#8ab4ff;--patch:#f0b35a;--put:#c89bff;--delete:#ff8a8a}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link)}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem}
header,main,footer{max-width:72rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid var(--line)}
h1{font-size:1.8rem;margin:.5rem 0}
h2{font-size:1.4rem;margin:2.5rem 0 .25rem;padding-top:.5rem;border-top:2px solid var(--line)}
h3{font-size:1.05rem;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:var(--code);padding:.05em .3em;border-radius:4px;overflow-wrap:anywhere}
.path{font-size:1rem;background:none;padding:0}
.method{font:700 .8rem/1 ui-monospace,Menlo,Consolas,monospace;padding:.3rem .45rem;border-radius:4px;border:1.5px solid currentColor;min-width:4.2rem;text-align:center}
.m-get{color:var(--get)}.m-post{color:var(--post)}.m-patch{color:var(--patch)}.m-put{color:var(--put)}.m-delete{color:var(--delete)}
.op{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin:1rem 0}
.summary{font-weight:600;margin:.25rem 0}
.who{color:var(--muted)}.who strong{color:var(--fg)}
.auth{white-space:nowrap}.or,.note,.media{color:var(--muted);font-size:.9em}
.req{color:var(--delete);font-size:.8em}
nav ul{columns:2 14rem;padding-left:1.2rem}
table{border-collapse:collapse;width:100%;margin:.75rem 0;font-size:.92rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}
th{white-space:nowrap}
@media (max-width:600px){header,main,footer{padding:.6rem}.op{padding:.6rem}th,td{padding:.3rem}}
th{background:var(--code)}
.status{white-space:nowrap;font-weight:700;font-family:ui-monospace,Menlo,Consolas,monospace}
.s2{color:var(--get)}.s4{color:var(--patch)}.s5{color:var(--delete)}
dl.schemes dt{font-weight:600;margin-top:.5rem}dl.schemes dd{margin-left:1rem}
`;

/** The page: header with the document's description and ways to sign in, a table of contents, one section per tag. */
export function renderReferencePage(document: OpenApiDocument, options: { jsonUrl: string }): string {
  const schemes = document.components?.securitySchemes ?? {};
  const byTag = new Map<string, string[]>();
  const tagNames = (document.tags ?? []).map((tag) => tag.name);
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!tagNames.includes(tag)) tagNames.push(tag);
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation, schemes)]);
    }
  const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const present = tagNames.filter((tag) => byTag.has(tag));
  const title = escapeHtml(document.info?.title ?? 'API');
  const toc = present
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`)
    .join('');
  const sections = present
    .map(
      (tag) =>
        `<section aria-labelledby="tag-${escapeHtml(tag)}"><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${
          described.get(tag) ? `<p>${prose(described.get(tag))}</p>` : ''
        }${byTag.get(tag)!.join('\n')}</section>`,
    )
    .join('\n');
  const schemeList = Object.entries(schemes)
    .map(([name, scheme]) => `<dt><code>${escapeHtml(name)}</code></dt><dd>${prose(scheme.description)}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} reference</title>
<style>${styles}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the operations</a>
<header>
<h1>${title} <span class="note">version ${escapeHtml(document.info?.version ?? '')}</span></h1>
<p>${prose(document.info?.description)}</p>
<p>The same document as JSON: <a href="${escapeHtml(options.jsonUrl)}">${escapeHtml(options.jsonUrl)}</a> (also in the repository as <code>docs/api/openapi.json</code>; the quickstart is <code>docs/api/README.md</code>).</p>
<h2 id="signing-in">Signing in</h2>
<dl class="schemes">${schemeList}</dl>
</header>
<main id="content">
<nav aria-label="Operations by area"><h2>Areas</h2><ul>${toc}</ul></nav>
${sections}
</main>
<footer><p class="note">Errors answer <code>{msg}</code> with the right status.</p></footer>
</body>
</html>
`;
}
